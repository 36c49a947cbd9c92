using System.Data;
using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// DS3's MySQL driver (docs/ds3-compatibility.md, "How DS3's drivers call the store"). NEW_CUSTOMER, NEW_MEMBER, NEW_PROD_REVIEW and NEW_REVIEW_HELPFULNESS are
/// CommandType.StoredProcedure calls bound BY NAME (NEW_CUSTOMER's user name and password added first, not in the
/// procedure's order) with DS3's types (zip Int32, age Byte) and the id read from DS3's OUT parameter with <c>(int)</c>:
/// the provider matches each of the procedure's parameters to ours by name, so a renamed parameter fails the call.
/// Everything else DS3 sends as SQL text against the tables (written here from the facts, not DS3's text), read with
/// DS3's getters (GetByte on CATEGORY and SPECIAL, the date as a string); values are bound where DS3 splices them in.
/// DS3 purchases with client SQL of its own.
/// </summary>
public sealed class MySqlDs3DriverCalls(MySqlConnection connection) : IDs3DriverCalls
{
    /// <summary>DS3's result buffers hold this many rows; more is an IndexOutOfRange in its driver.</summary>

    private const string ReviewColumns = "R.REVIEW_ID, R.PROD_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY, R.REVIEW_TEXT, SUM(H.HELPFULNESS) AS TOTAL";

    public async Task<int> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        int id;
        await using (var command = Text("SELECT CUSTOMERID FROM CUSTOMERS WHERE USERNAME = @u AND PASSWORD = @p", ("@u", username), ("@p", password)))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            id = await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? reader.GetInt32(0) : 0;
        }

        // Then the ten newest history items, and for each its title, actor and the related product's title.
        var history = new List<int>();
        await using (var command = Text("SELECT PROD_ID FROM CUST_HIST WHERE CUSTOMERID = @id ORDER BY ORDERID DESC LIMIT 10", ("@id", id)))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                history.Add(reader.GetInt32(0));
            }
        }

        foreach (var prodId in history)
        {
            await using var product = Text("SELECT TITLE, ACTOR FROM PRODUCTS WHERE PROD_ID = @id", ("@id", prodId));
            await using (var reader = await product.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
            {
                _ = await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? (reader.GetString(0), reader.GetString(1)) : default;
            }

            await using var related = Text("SELECT R.TITLE FROM PRODUCTS P JOIN PRODUCTS R ON R.PROD_ID = P.COMMON_PROD_ID WHERE P.PROD_ID = @id", ("@id", prodId));
            _ = (string?)await related.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        }

        return id;
    }

    public async Task<int> NewCustomerAsync(string username, CancellationToken cancellationToken) =>
        await ProcedureAsync("NEW_CUSTOMER", "customerid_out", cancellationToken,
            ("username_in", MySqlDbType.VarChar, username), ("password_in", MySqlDbType.VarChar, "password"),
            ("firstname_in", MySqlDbType.VarChar, "ABCDEF"), ("lastname_in", MySqlDbType.VarChar, "ABCDEFGHIJ"),
            ("address1_in", MySqlDbType.VarChar, "1 Dell Way"), ("address2_in", MySqlDbType.VarChar, ""), ("city_in", MySqlDbType.VarChar, "ABCDEFG"),
            ("state_in", MySqlDbType.VarChar, ""), ("zip_in", MySqlDbType.Int32, 0), ("country_in", MySqlDbType.VarChar, "Japan"),
            ("region_in", MySqlDbType.Int32, 2), ("email_in", MySqlDbType.VarChar, "a@dell.com"), ("phone_in", MySqlDbType.VarChar, "123"),
            ("creditcardtype_in", MySqlDbType.Int32, 3), ("creditcard_in", MySqlDbType.VarChar, "1234567812345678"),
            ("creditcardexpiration_in", MySqlDbType.VarChar, "2030/07"), ("age_in", MySqlDbType.Byte, (sbyte)44),
            ("income_in", MySqlDbType.Int32, 60000), ("gender_in", MySqlDbType.VarChar, "F")).ConfigureAwait(false);

    public async Task<int> NewMemberAsync(int customerId, int membershipLevel, CancellationToken cancellationToken) =>
        await ProcedureAsync("NEW_MEMBER", "customerid_out", cancellationToken,
            ("customerid_in", MySqlDbType.Int32, customerId), ("membershiplevel_in", MySqlDbType.Int32, membershipLevel)).ConfigureAwait(false);

    public async Task<int> NewProdReviewAsync(int prodId, int stars, int customerId, string summary, string text, CancellationToken cancellationToken) =>
        await ProcedureAsync("NEW_PROD_REVIEW", "review_id_out", cancellationToken,
            ("prod_id_in", MySqlDbType.Int32, prodId), ("stars_in", MySqlDbType.Int32, stars), ("customerid_in", MySqlDbType.Int32, customerId),
            ("review_summary_in", MySqlDbType.VarChar, summary), ("review_text_in", MySqlDbType.VarChar, text)).ConfigureAwait(false);

    public async Task<int> NewReviewHelpfulnessAsync(int reviewId, int customerId, int helpfulness, CancellationToken cancellationToken) =>
        await ProcedureAsync("NEW_REVIEW_HELPFULNESS", "review_helpfulness_id_out", cancellationToken,
            ("review_id_in", MySqlDbType.Int32, reviewId), ("customerid_in", MySqlDbType.Int32, customerId),
            ("review_helpfulness_in", MySqlDbType.Int32, helpfulness)).ConfigureAwait(false);

    public async Task<IReadOnlyList<int>> BrowseAsync(Ds3Browse by, int batchSize, string value, CancellationToken cancellationToken)
    {
        // DS3 does not quote the name: MATCH … AGAINST in natural-language mode (any word matches).
        await using var command = by switch
        {
            Ds3Browse.Category => Text("SELECT * FROM PRODUCTS WHERE CATEGORY = @v AND SPECIAL = 1 LIMIT @batch", ("@v", int.Parse(value, CultureInfo.InvariantCulture)), ("@batch", batchSize)),
            Ds3Browse.Actor => Text("SELECT * FROM PRODUCTS WHERE MATCH (ACTOR) AGAINST (@v) LIMIT @batch", ("@v", value), ("@batch", batchSize)),
            _ => Text("SELECT * FROM PRODUCTS WHERE MATCH (TITLE) AGAINST (@v) LIMIT @batch", ("@v", value), ("@batch", batchSize)),
        };
        // GetByte throws unless the column is TINYINT, as in DS3's driver.
        return await Ds3ResultRows.ReadIdsAsync(command, 0, r => _ = (r.GetByte(1), r.GetString(2), r.GetString(3), r.GetDecimal(4), r.GetByte(5), r.GetInt32(6)), cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<int>> GetProdReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken)
    {
        // DS3 ignores the batch size here: every rated review of the product, grouped per review.
        var filter = order == Ds3ReviewOrder.Stars ? " AND R.STARS = @stars" : "";
        var orderBy = order == Ds3ReviewOrder.Date ? "R.REVIEW_DATE DESC" : "TOTAL DESC";
        await using var command = Text(
            $"SELECT {ReviewColumns} FROM REVIEWS R JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = R.REVIEW_ID WHERE R.PROD_ID = @prod{filter} GROUP BY R.REVIEW_ID ORDER BY {orderBy}",
            ("@prod", prodId), ("@stars", stars));
        return await Ds3ResultRows.ReadIdsAsync(command, 0, r => _ = (r.GetInt32(1), r.GetValue(2).ToString(), r.GetInt32(3), r.GetInt32(4), r.GetString(5), r.GetString(6), r.GetInt32(7)), cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<int>> SearchProdReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken)
    {
        // DS3: the first 500 matching (product, review) pairs, rated ones grouped per review, most helpful first, 10 rows.
        var column = by == Ds3ReviewSearch.Actor ? "P.ACTOR" : "P.TITLE";
        await using var command = Text(
            "SELECT T.PROD_ID, T.TITLE, T.ACTOR, T.REVIEW_ID, T.REVIEW_DATE, T.STARS, T.CUSTOMERID, T.REVIEW_SUMMARY, T.REVIEW_TEXT, SUM(H.HELPFULNESS) AS TOTAL " +
            "FROM (SELECT P.PROD_ID, P.TITLE, P.ACTOR, R.REVIEW_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY, R.REVIEW_TEXT " +
            $"FROM PRODUCTS P JOIN REVIEWS R ON R.PROD_ID = P.PROD_ID WHERE MATCH ({column}) AGAINST (@word) LIMIT 500) T " +
            "JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = T.REVIEW_ID GROUP BY T.REVIEW_ID ORDER BY TOTAL DESC LIMIT 10",
            ("@word", word));
        return await Ds3ResultRows.ReadIdsAsync(command, 3, r => _ = (r.GetInt32(0), r.GetString(1), r.GetString(2), r.GetValue(4).ToString(), r.GetInt32(5), r.GetInt32(6), r.GetString(7), r.GetString(8), r.GetInt32(9)), cancellationToken).ConfigureAwait(false);
    }

    public Task<int?> PurchaseAsync(IReadOnlyList<(int ProdId, int Quantity)> cart, int customerId, CancellationToken cancellationToken) =>
        Task.FromResult<int?>(null);

    /// <summary>A DS3 procedure call: parameters bound by name in the order given, the id read from the OUT parameter with (int).</summary>
    private async Task<int> ProcedureAsync(string name, string outName, CancellationToken cancellationToken, params (string Name, MySqlDbType Type, object Value)[] parameters)
    {
        await using var command = new MySqlCommand(name, connection) { CommandType = CommandType.StoredProcedure };
        foreach (var (parameter, type, value) in parameters)
        {
            command.Parameters.Add(new MySqlParameter(parameter, type) { Value = value });
        }

        var output = command.Parameters.Add(new MySqlParameter(outName, MySqlDbType.Int32) { Direction = ParameterDirection.Output });
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return (int)output.Value!;
    }

    private MySqlCommand Text(string sql, params (string Name, object Value)[] parameters)
    {
        var command = new MySqlCommand(sql, connection);
        foreach (var (name, value) in parameters)
        {
            command.Parameters.AddWithValue(name, value);
        }

        return command;
    }

}
