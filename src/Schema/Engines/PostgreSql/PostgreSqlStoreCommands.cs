using Npgsql;
using NpgsqlTypes;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// The DS3 functions called on one connection, one round trip each. Every call is a server-side prepared
/// statement with typed positional parameters, made on first use and reused with new values after that.
/// The functions' interface is DS3's, with 32-bit ids (docs/ds3-compatibility.md, "How DS3's drivers call the store"): ids are passed as checked int.
/// The connection stays the caller's: disposing this closes the statements, not the connection.
/// </summary>
public sealed class PostgreSqlStoreCommands(NpgsqlConnection connection) : StoreCommandsBase
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

    public override async Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken)
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

    public override async Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken)
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

    public override Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken) =>
        IdAsync("SELECT NEW_MEMBER($1, $2)", [Int(checked((int)customerId)), Int(membershipType)], cancellationToken);

    public override Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken) =>
        IdAsync(
            "SELECT NEW_PROD_REVIEW($1, $2, $3, $4, $5)",
            [Int(prodId), Int(stars), Int(checked((int)customerId)), (NpgsqlDbType.Varchar, summary), (NpgsqlDbType.Varchar, text)],
            cancellationToken);

    public override Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken) =>
        IdAsync("SELECT NEW_REVIEW_HELPFULNESS($1, $2, $3)", [Int(checked((int)reviewId)), Int(checked((int)customerId)), Int(helpfulness)], cancellationToken);

    public override async Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(prodIds);
        var command = await PreparedAsync(
            "SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID = ANY($1)", [NpgsqlDbType.Array | NpgsqlDbType.Integer], cancellationToken).ConfigureAwait(false);
        command.Parameters[0].Value = prodIds.ToArray();
        var prices = new Dictionary<int, decimal>();
        await StoreRowReader.AddPricesAsync(command, prices, cancellationToken).ConfigureAwait(false);

        return prices;
    }

    public override async Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken)
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

    public override async ValueTask DisposeAsync()
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

    protected override Task<IReadOnlyList<ProductRow>> BrowseAsync(Ds3Browse by, int batchSize, object key, CancellationToken cancellationToken) =>
        RowsAsync(
            $"SELECT {ProductColumns} FROM {Ds3RoutineName.Of(by)}($1, $2)",
            [Int(batchSize), (by == Ds3Browse.Category ? NpgsqlDbType.Integer : NpgsqlDbType.Varchar, key)],
            reader => new ProductRow(
                reader.GetInt32(0), reader.GetInt16(1), reader.GetString(2), reader.GetString(3), reader.GetDecimal(4),
                reader.IsDBNull(5) ? 0 : reader.GetInt16(5), reader.GetInt32(6), reader.GetInt16(7)),
            cancellationToken);

    protected override Task<IReadOnlyList<ReviewRow>> ReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken) =>
        RowsAsync(
            order == Ds3ReviewOrder.Stars ? $"SELECT {ReviewColumns} FROM {Ds3RoutineName.Of(order)}($1, $2, $3)" : $"SELECT {ReviewColumns} FROM {Ds3RoutineName.Of(order)}($1, $2)",
            order == Ds3ReviewOrder.Stars ? [Int(batchSize), Int(prodId), Int(stars)] : [Int(batchSize), Int(prodId)],
            reader => new ReviewRow(
                reader.GetInt32(0), reader.GetInt32(1), reader.GetDateTime(2), reader.GetInt16(3), reader.GetInt32(4),
                reader.GetString(5), reader.GetString(6), reader.GetInt64(7)),
            cancellationToken);

    protected override Task<IReadOnlyList<ProductReviewRow>> SearchReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken) =>
        RowsAsync(
            $"SELECT {ProductReviewColumns} FROM {Ds3RoutineName.Of(by)}($1, $2)",
            [Int(batchSize), (NpgsqlDbType.Varchar, word)],
            reader => new ProductReviewRow(
                reader.GetInt32(0), reader.GetString(1), reader.GetString(2), reader.GetInt32(3), reader.GetDateTime(4),
                reader.GetInt16(5), reader.GetInt32(6), reader.GetString(7), reader.GetString(8), reader.GetInt64(9)),
            cancellationToken);

    private static (NpgsqlDbType Type, object? Value) Int(int value) => (NpgsqlDbType.Integer, value);

    /// <summary>The prepared statement for <paramref name="sql"/> with <paramref name="arguments"/> bound to $1, $2, ...</summary>
    private async Task<NpgsqlCommand> BoundAsync(string sql, (NpgsqlDbType Type, object? Value)[] arguments, CancellationToken cancellationToken)
    {
        var command = _prepared.TryGetValue(sql, out var prepared)
            ? prepared
            : await PreparedAsync(sql, arguments.Select(a => a.Type).ToArray(), cancellationToken).ConfigureAwait(false);
        for (var i = 0; i < arguments.Length; i++)
        {
            command.Parameters[i].Value = arguments[i].Value ?? DBNull.Value;
        }

        return command;
    }

    private async Task<IReadOnlyList<T>> RowsAsync<T>(
        string sql, (NpgsqlDbType Type, object? Value)[] arguments, Func<NpgsqlDataReader, T> map, CancellationToken cancellationToken)
    {
        var command = await BoundAsync(sql, arguments, cancellationToken).ConfigureAwait(false);
        var rows = new List<T>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            rows.Add(map(reader));
        }

        return rows;
    }

    private async Task<long> IdAsync(string sql, (NpgsqlDbType Type, object? Value)[] arguments, CancellationToken cancellationToken) =>
        await ScalarInt64Async(await BoundAsync(sql, arguments, cancellationToken).ConfigureAwait(false), cancellationToken).ConfigureAwait(false);

    private static bool IsNoneRow(NpgsqlDataReader reader) =>
        !reader.IsDBNull(3) && reader.GetString(1) == "None" && reader.GetString(2) == "None" && reader.GetString(3) == "None";

    private static async Task<long> ScalarInt64Async(NpgsqlCommand command, CancellationToken cancellationToken)
    {
        var value = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return value is int id ? id : 0;
    }
}
