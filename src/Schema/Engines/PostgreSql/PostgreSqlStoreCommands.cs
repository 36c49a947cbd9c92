using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Engines.Common;
using Npgsql;
using NpgsqlTypes;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// The DS3 functions called on one connection, one round trip each. Every call is a server-side prepared
/// statement with typed positional parameters, made on first use and reused with new values after that.
/// The functions' interface is DS3's, with 32-bit ids (ds3-interface.md §1.2): ids are passed as checked int.
/// The connection stays the caller's: disposing this closes the statements, not the connection.
/// </summary>
public sealed class PostgreSqlStoreCommands(NpgsqlConnection connection) : IStoreCommands
{
    private const string ProductColumns = "PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM";
    private const string ReviewColumns = "r_review_id, r_prod_id, r_review_date, r_stars, r_customerid, r_review_summary, r_review_text, r_totalhelp";
    private const string ProductReviewColumns = "r_prod_id, r_title, r_actor, r_review_id, r_review_date, r_stars, r_customerid, r_review_summary, r_review_text, r_totalhelp";

    private static readonly NpgsqlDbType[] NewCustomerTypes =
    [
        NpgsqlDbType.Varchar, NpgsqlDbType.Varchar, NpgsqlDbType.Varchar, NpgsqlDbType.Varchar, NpgsqlDbType.Varchar,
        NpgsqlDbType.Varchar, NpgsqlDbType.Varchar, NpgsqlDbType.Varchar, NpgsqlDbType.Smallint, NpgsqlDbType.Varchar,
        NpgsqlDbType.Varchar, NpgsqlDbType.Integer, NpgsqlDbType.Varchar, NpgsqlDbType.Varchar, NpgsqlDbType.Varchar,
        NpgsqlDbType.Varchar, NpgsqlDbType.Smallint, NpgsqlDbType.Integer, NpgsqlDbType.Varchar,
    ];

    private readonly Dictionary<string, NpgsqlCommand> _prepared = new(StringComparer.Ordinal);

    public async Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync(
            "SELECT r_customerid, r_title, r_actor, r_relatedpurchase FROM LOGIN($1, $2)",
            [NpgsqlDbType.Varchar, NpgsqlDbType.Varchar], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = username;
        command.Parameters[1].Value = password;
        long customerId = 0;
        var history = new List<PurchaseHistoryRow>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            customerId = reader.GetInt32(0);
            // A customer without history comes back as one row of DS3's 'None' strings.
            if (!IsNoneRow(reader))
            {
                history.Add(new PurchaseHistoryRow(reader.GetString(1), reader.GetString(2), reader.IsDBNull(3) ? "" : reader.GetString(3)));
            }
        }

        return new LoginResult(customerId, history);
    }

    public async Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(customer);
        var command = await PreparedAsync(
            "SELECT NEW_CUSTOMER($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
            NewCustomerTypes, cancellationToken).ConfigureAwait(false);
        object?[] values =
        [
            customer.FirstName, customer.LastName, customer.Address1, customer.Address2, customer.City, customer.State,
            customer.Zip, customer.Country, checked((short)customer.Region), customer.Email, customer.Phone,
            customer.CreditCardType, customer.CreditCard, customer.CreditCardExpiration, customer.Username,
            customer.Password, customer.Age is { } age ? checked((short)age) : null, customer.Income, customer.Gender,
        ];
        for (var i = 0; i < values.Length; i++)
        {
            command.Parameters[i].Value = values[i] ?? DBNull.Value;
        }

        return await ScalarInt64Async(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync("SELECT NEW_MEMBER($1, $2)", [NpgsqlDbType.Integer, NpgsqlDbType.Integer], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = checked((int)customerId);
        command.Parameters[1].Value = membershipType;
        return await ScalarInt64Async(command, cancellationToken).ConfigureAwait(false);
    }

    public Task<IReadOnlyList<ProductRow>> BrowseByCategoryAsync(int batchSize, int category, CancellationToken cancellationToken) =>
        BrowseAsync($"SELECT {ProductColumns} FROM BROWSE_BY_CATEGORY($1, $2)", NpgsqlDbType.Integer, batchSize, category, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByActorAsync(int batchSize, string actor, CancellationToken cancellationToken) =>
        BrowseAsync($"SELECT {ProductColumns} FROM BROWSE_BY_ACTOR($1, $2)", NpgsqlDbType.Varchar, batchSize, actor, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken) =>
        BrowseAsync($"SELECT {ProductColumns} FROM BROWSE_BY_TITLE($1, $2)", NpgsqlDbType.Varchar, batchSize, title, cancellationToken);

    public async Task<IReadOnlyList<ReviewRow>> GetProdReviewsAsync(int batchSize, int prodId, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync($"SELECT {ReviewColumns} FROM GET_PROD_REVIEWS($1, $2)", [NpgsqlDbType.Integer, NpgsqlDbType.Integer], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = batchSize;
        command.Parameters[1].Value = prodId;
        return await ReadReviewsAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<ReviewRow>> GetProdReviewsByStarsAsync(int batchSize, int prodId, int stars, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync(
            $"SELECT {ReviewColumns} FROM GET_PROD_REVIEWS_BY_STARS($1, $2, $3)",
            [NpgsqlDbType.Integer, NpgsqlDbType.Integer, NpgsqlDbType.Integer], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = batchSize;
        command.Parameters[1].Value = prodId;
        command.Parameters[2].Value = stars;
        return await ReadReviewsAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyList<ReviewRow>> GetProdReviewsByDateAsync(int batchSize, int prodId, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync($"SELECT {ReviewColumns} FROM GET_PROD_REVIEWS_BY_DATE($1, $2)", [NpgsqlDbType.Integer, NpgsqlDbType.Integer], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = batchSize;
        command.Parameters[1].Value = prodId;
        return await ReadReviewsAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByActorAsync(int batchSize, string actorWord, CancellationToken cancellationToken) =>
        ProductReviewsAsync($"SELECT {ProductReviewColumns} FROM GET_PROD_REVIEWS_BY_ACTOR($1, $2)", batchSize, actorWord, cancellationToken);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByTitleAsync(int batchSize, string titleWord, CancellationToken cancellationToken) =>
        ProductReviewsAsync($"SELECT {ProductReviewColumns} FROM GET_PROD_REVIEWS_BY_TITLE($1, $2)", batchSize, titleWord, cancellationToken);

    public async Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync(
            "SELECT NEW_PROD_REVIEW($1, $2, $3, $4, $5)",
            [NpgsqlDbType.Integer, NpgsqlDbType.Integer, NpgsqlDbType.Integer, NpgsqlDbType.Varchar, NpgsqlDbType.Varchar], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = prodId;
        command.Parameters[1].Value = stars;
        command.Parameters[2].Value = checked((int)customerId);
        command.Parameters[3].Value = summary;
        command.Parameters[4].Value = text;
        return await ScalarInt64Async(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync(
            "SELECT NEW_REVIEW_HELPFULNESS($1, $2, $3)", [NpgsqlDbType.Integer, NpgsqlDbType.Integer, NpgsqlDbType.Integer], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = checked((int)reviewId);
        command.Parameters[1].Value = checked((int)customerId);
        command.Parameters[2].Value = helpfulness;
        return await ScalarInt64Async(command, cancellationToken).ConfigureAwait(false);
    }

    public async Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(prodIds);
        var command = await PreparedAsync(
            "SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID = ANY($1)", [NpgsqlDbType.Array | NpgsqlDbType.Integer], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = prodIds.ToArray();
        var prices = new Dictionary<int, decimal>();
        await StoreRowReader.AddPricesAsync(command, prices, cancellationToken).ConfigureAwait(false);

        return prices;
    }

    public async Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken)
    {
        PurchaseArguments.ThrowIfTooManyItems(purchase);

        var types = new NpgsqlDbType[5 + (2 * PurchaseRequest.MaxItems)];
        Array.Fill(types, NpgsqlDbType.Integer);
        types[2] = types[3] = types[4] = NpgsqlDbType.Numeric;
        var command = await PreparedAsync(
            "SELECT PURCHASE($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)",
            types, cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = checked((int)purchase.CustomerId);
        command.Parameters[1].Value = purchase.Items.Count;
        command.Parameters[2].Value = purchase.NetAmount;
        command.Parameters[3].Value = purchase.Tax;
        command.Parameters[4].Value = purchase.TotalAmount;
        for (var i = 0; i < PurchaseRequest.MaxItems; i++)
        {
            var item = i < purchase.Items.Count ? purchase.Items[i] : default;
            command.Parameters[5 + (2 * i)].Value = item.ProdId;
            command.Parameters[6 + (2 * i)].Value = item.Quantity;
        }

        try
        {
            return await ScalarInt64Async(command, cancellationToken).ConfigureAwait(false);
        }
        catch (PostgresException e) when (e.SqlState == PostgresErrorCodes.RaiseException)
        {
            // DS3's signal for short stock (P0001): the function raised before writing anything, so a rollback.
            return 0;
        }
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var command in _prepared.Values)
        {
            await command.DisposeAsync().ConfigureAwait(false);
        }

        _prepared.Clear();
    }

    private async Task<NpgsqlCommand> PreparedAsync(string sql, IReadOnlyList<NpgsqlDbType> types, CancellationToken cancellationToken)
    {
        if (_prepared.TryGetValue(sql, out var command))
        {
            return command;
        }

        command = new NpgsqlCommand(sql, connection);
        foreach (var type in types)
        {
            command.Parameters.Add(new NpgsqlParameter { NpgsqlDbType = type, Value = DBNull.Value });
        }

        await command.PrepareAsync(cancellationToken).ConfigureAwait(false);
        _prepared[sql] = command;
        return command;
    }

    private async Task<IReadOnlyList<ProductRow>> BrowseAsync(string sql, NpgsqlDbType searchType, int batchSize, object search, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync(sql, [NpgsqlDbType.Integer, searchType], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = batchSize;
        command.Parameters[1].Value = search;
        var rows = new List<ProductRow>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            rows.Add(new ProductRow(
                reader.GetInt32(0), reader.GetInt16(1), reader.GetString(2), reader.GetString(3), reader.GetDecimal(4),
                reader.IsDBNull(5) ? 0 : reader.GetInt16(5), reader.GetInt32(6), reader.GetInt16(7)));
        }

        return rows;
    }

    private async Task<IReadOnlyList<ProductReviewRow>> ProductReviewsAsync(string sql, int batchSize, string word, CancellationToken cancellationToken)
    {
        var command = await PreparedAsync(sql, [NpgsqlDbType.Integer, NpgsqlDbType.Varchar], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = batchSize;
        command.Parameters[1].Value = word;
        var rows = new List<ProductReviewRow>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            rows.Add(new ProductReviewRow(
                reader.GetInt32(0), reader.GetString(1), reader.GetString(2), reader.GetInt32(3), reader.GetDateTime(4),
                reader.GetInt16(5), reader.GetInt32(6), reader.GetString(7), reader.GetString(8), reader.GetInt64(9)));
        }

        return rows;
    }

    private static async Task<IReadOnlyList<ReviewRow>> ReadReviewsAsync(NpgsqlCommand command, CancellationToken cancellationToken)
    {
        var rows = new List<ReviewRow>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            rows.Add(new ReviewRow(
                reader.GetInt32(0), reader.GetInt32(1), reader.GetDateTime(2), reader.GetInt16(3), reader.GetInt32(4),
                reader.GetString(5), reader.GetString(6), reader.GetInt64(7)));
        }

        return rows;
    }

    private static bool IsNoneRow(NpgsqlDataReader reader) =>
        !reader.IsDBNull(3) && reader.GetString(1) == "None" && reader.GetString(2) == "None" && reader.GetString(3) == "None";

    private static async Task<long> ScalarInt64Async(NpgsqlCommand command, CancellationToken cancellationToken)
    {
        var value = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return value is int id ? id : 0;
    }
}
