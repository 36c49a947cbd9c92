using DvdStore.Schema.Model;
using Npgsql;
using NpgsqlTypes;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// The statements DS3's PostgreSQL driver puts on the wire (docs/ds3-compatibility.md, "How DS3's drivers call the store"): its Npgsql 5 sends every
/// CommandType.StoredProcedure call as <c>SELECT * FROM NAME("param_in" := $1, …)</c>, the name unquoted (folded to
/// lower case) and DS3's parameter names quoted (so they must match exactly), with DS3's Npgsql types. Results are read
/// with DS3's casts: <c>(int)</c> unboxing for LOGIN's id and PURCHASE's result, typed getters by ordinal for rows.
/// Sending the text ourselves reproduces the wire form without Npgsql's process-wide compatibility switch.
/// </summary>
public sealed class PostgreSqlDs3DriverCalls(NpgsqlConnection connection) : IDs3DriverCalls
{
    public async Task<int> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        await using var command = Call("LOGIN", ("username_in", NpgsqlDbType.Varchar, username), ("password_in", NpgsqlDbType.Varchar, password));
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        // DS3 reads one row and unboxes column 0: anything but int4, or no row at all, kills its process.
        if (!await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            throw new InvalidOperationException("LOGIN returned no row: DS3's driver reads column 0 of the first row and would die");
        }

        return (int)reader[0];
    }

    public async Task<int> NewCustomerAsync(string username, CancellationToken cancellationToken)
    {
        await using var command = Call("NEW_CUSTOMER",
            ("firstname_in", NpgsqlDbType.Varchar, "ABCDEF"), ("lastname_in", NpgsqlDbType.Varchar, "ABCDEFGHIJ"),
            ("address1_in", NpgsqlDbType.Varchar, "1234567890 Dell Way"), ("address2_in", NpgsqlDbType.Varchar, ""),
            ("city_in", NpgsqlDbType.Varchar, "ABCDEFG"), ("state_in", NpgsqlDbType.Varchar, ""), ("zip_in", NpgsqlDbType.Varchar, "12345"),
            ("country_in", NpgsqlDbType.Varchar, "Japan"), ("region_in", NpgsqlDbType.Smallint, (short)2),
            ("email_in", NpgsqlDbType.Varchar, "ABCDEFGHIJ@dell.com"), ("phone_in", NpgsqlDbType.Varchar, "1234567890"),
            ("creditcardtype_in", NpgsqlDbType.Integer, 3), ("creditcard_in", NpgsqlDbType.Varchar, "1234567812345678"),
            ("creditcardexpiration_in", NpgsqlDbType.Varchar, "2030/07"), ("username_in", NpgsqlDbType.Varchar, username),
            ("password_in", NpgsqlDbType.Varchar, "password"), ("age_in", NpgsqlDbType.Smallint, (short)44),
            ("income_in", NpgsqlDbType.Integer, 60000), ("gender_in", NpgsqlDbType.Varchar, "F"));
        return await ScalarIdAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<int> NewMemberAsync(int customerId, int membershipLevel, CancellationToken cancellationToken)
    {
        await using var command = Call("NEW_MEMBER", ("customerid_in", NpgsqlDbType.Integer, customerId), ("membershiplevel_in", NpgsqlDbType.Integer, membershipLevel));
        return await ScalarIdAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<int>> BrowseAsync(Ds3Browse by, int batchSize, string value, CancellationToken cancellationToken)
    {
        // DS3 sends the category as Integer and wraps an actor or title in literal double quotes.
        await using var command = by switch
        {
            Ds3Browse.Category => Call("BROWSE_BY_CATEGORY", ("batch_size_in", NpgsqlDbType.Integer, batchSize), ("category_in", NpgsqlDbType.Integer, int.Parse(value, System.Globalization.CultureInfo.InvariantCulture))),
            Ds3Browse.Actor => Call("BROWSE_BY_ACTOR", ("batch_size_in", NpgsqlDbType.Integer, batchSize), ("actor_in", NpgsqlDbType.Varchar, Quoted(value))),
            _ => Call("BROWSE_BY_TITLE", ("batch_size_in", NpgsqlDbType.Integer, batchSize), ("title_in", NpgsqlDbType.Varchar, Quoted(value))),
        };
        return await Ds3ResultRows.ReadIdsAsync(command, 0, r => _ = (r.GetInt16(1), r.GetString(2), r.GetString(3), r.GetDecimal(4), r.GetInt16(5), r.GetInt32(6)), cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<int>> GetProdReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken)
    {
        (string, NpgsqlDbType, object) batch = ("batch_size_in", NpgsqlDbType.Integer, batchSize), prod = ("prod_in", NpgsqlDbType.Integer, prodId);
        await using var command = order switch
        {
            Ds3ReviewOrder.Stars => Call("GET_PROD_REVIEWS_BY_STARS", batch, prod, ("stars_in", NpgsqlDbType.Integer, stars)),
            Ds3ReviewOrder.Date => Call("GET_PROD_REVIEWS_BY_DATE", batch, prod),
            _ => Call("GET_PROD_REVIEWS", batch, prod),
        };
        // DS3 reads the smallint stars and the bigint total with GetInt32 (a checked conversion).
        return await Ds3ResultRows.ReadIdsAsync(command, 0, r => _ = (r.GetInt32(1), r.GetDateTime(2), r.GetInt32(3), r.GetInt32(4), r.GetString(5), r.GetString(6), r.GetInt32(7)), cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<int>> SearchProdReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken)
    {
        await using var command = by == Ds3ReviewSearch.Actor
            ? Call("GET_PROD_REVIEWS_BY_ACTOR", ("batch_size_in", NpgsqlDbType.Integer, batchSize), ("actor_in", NpgsqlDbType.Varchar, Quoted(word)))
            : Call("GET_PROD_REVIEWS_BY_TITLE", ("batch_size_in", NpgsqlDbType.Integer, batchSize), ("title_in", NpgsqlDbType.Varchar, Quoted(word)));
        return await Ds3ResultRows.ReadIdsAsync(command, 3, r => _ = (r.GetInt32(0), r.GetString(1), r.GetString(2), r.GetDateTime(4), r.GetInt32(5), r.GetInt32(6), r.GetString(7), r.GetString(8), r.GetInt32(9)), cancellationToken).ConfigureAwait(false);
    }

    public async Task<int> NewProdReviewAsync(int prodId, int stars, int customerId, string summary, string text, CancellationToken cancellationToken)
    {
        await using var command = Call("NEW_PROD_REVIEW",
            ("prod_id_in", NpgsqlDbType.Integer, prodId), ("stars_in", NpgsqlDbType.Integer, stars), ("customerid_in", NpgsqlDbType.Integer, customerId),
            ("review_summary_in", NpgsqlDbType.Varchar, summary), ("review_text_in", NpgsqlDbType.Varchar, text));
        return await ScalarIdAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<int> NewReviewHelpfulnessAsync(int reviewId, int customerId, int helpfulness, CancellationToken cancellationToken)
    {
        await using var command = Call("NEW_REVIEW_HELPFULNESS",
            ("review_id_in", NpgsqlDbType.Integer, reviewId), ("customerid_in", NpgsqlDbType.Integer, customerId), ("review_helpfulness_in", NpgsqlDbType.Integer, helpfulness));
        return await ScalarIdAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<int?> PurchaseAsync(IReadOnlyList<(int ProdId, int Quantity)> cart, int customerId, CancellationToken cancellationToken)
    {
        var net = 0m;
        foreach (var (prodId, quantity) in cart)
        {
            await using var price = new NpgsqlCommand("SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID = @ARG0", connection);
            price.Parameters.Add(new NpgsqlParameter("ARG0", NpgsqlDbType.Integer) { Value = prodId });
            await using var reader = await price.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            net += await reader.ReadAsync(cancellationToken).ConfigureAwait(false) ? quantity * reader.GetDecimal(1) : 0m;
        }

        var tax = StoreModel.TaxRate * net;
        var parameters = new List<(string, NpgsqlDbType, object)>
        {
            ("customerid_in", NpgsqlDbType.Integer, customerId), ("number_items", NpgsqlDbType.Integer, cart.Count),
            ("netamount_in", NpgsqlDbType.Numeric, net), ("taxamount_in", NpgsqlDbType.Numeric, tax), ("totalamount_in", NpgsqlDbType.Numeric, net + tax),
        };
        for (var i = 0; i < 10; i++)
        {
            parameters.Add(($"prod_id_in{i}", NpgsqlDbType.Integer, i < cart.Count ? cart[i].ProdId : 0));
            parameters.Add(($"qty_in{i}", NpgsqlDbType.Integer, i < cart.Count ? cart[i].Quantity : 0));
        }

        await using var command = Call("PURCHASE", [.. parameters]);
        try
        {
            return (int)(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false))!;
        }
        catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.RaiseException)
        {
            return 0;
        }
    }

    private static string Quoted(string value) => "\"" + value + "\"";

    /// <summary>DS3 reads an id-returning routine with Convert.ToInt32(ExecuteScalar().ToString(), 10): any integer type, never NULL.</summary>
    private static async Task<int> ScalarIdAsync(NpgsqlCommand command, CancellationToken cancellationToken) =>
        Convert.ToInt32((await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) ?? throw new InvalidOperationException("no result row")).ToString(), 10);


    private NpgsqlCommand Call(string name, params (string Name, NpgsqlDbType Type, object Value)[] parameters)
    {
        var arguments = string.Join(", ", parameters.Select((p, i) => $"\"{p.Name}\" := ${i + 1}"));
        var command = new NpgsqlCommand($"SELECT * FROM {name}({arguments})", connection);
        foreach (var (_, type, value) in parameters)
        {
            command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = type, Value = value });
        }

        return command;
    }
}
