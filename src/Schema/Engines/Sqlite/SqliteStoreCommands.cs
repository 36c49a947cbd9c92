using Microsoft.Data.Sqlite;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// DS3's procedures on SQLite, which has no stored procedures: each call runs the statements of
/// <see cref="SqliteProcedures"/> as parameterised commands in one transaction. Each statement is prepared once per
/// instance (Microsoft.Data.Sqlite keeps a command's prepared statements until its text changes) and reused for
/// every call — one instance per virtual user, so per connection. Writes that read first (PURCHASE) start with
/// BEGIN IMMEDIATE: taking the write lock up front means a reader never has to upgrade to a writer, which in WAL
/// mode fails at once with SQLITE_BUSY instead of waiting on busy_timeout.
/// </summary>
public sealed class SqliteStoreCommands : StoreCommandsBase
{
    private readonly SqliteConnection _connection;
    private readonly Dictionary<string, SqliteCommand> _prepared = new(StringComparer.Ordinal);

    public SqliteStoreCommands(SqliteConnection connection)
    {
        _connection = connection;
    }

    public override async Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken)
    {
        // A deferred (read) transaction so the id and the history come from one snapshot.
        using var transaction = _connection.BeginTransaction(deferred: true);
        var find = Command(SqliteProcedures.LoginCustomer, transaction);
        find.Parameters.AddWithValue("@username", username);
        find.Parameters.AddWithValue("@password", password);
        var id = await find.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        if (id is null or DBNull)
        {
            transaction.Commit();
            return new LoginResult(0, []);
        }

        var customerId = Convert.ToInt64(id, System.Globalization.CultureInfo.InvariantCulture);
        var history = Command(SqliteProcedures.LoginHistory, transaction);
        history.Parameters.AddWithValue("@customerid", customerId);
        var rows = new List<PurchaseHistoryRow>();
        await using (var reader = await history.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                rows.Add(new PurchaseHistoryRow(reader.GetString(0), reader.GetString(1), reader.GetString(2)));
            }
        }

        transaction.Commit();
        return new LoginResult(customerId, rows);
    }

    public override async Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken)
    {
        var command = Command(SqliteProcedures.NewCustomer);
        var p = command.Parameters;
        p.AddWithValue("@firstname", customer.FirstName);
        p.AddWithValue("@lastname", customer.LastName);
        p.AddWithValue("@address1", customer.Address1);
        p.AddWithValue("@address2", (object?)customer.Address2 ?? DBNull.Value);
        p.AddWithValue("@city", customer.City);
        p.AddWithValue("@state", (object?)customer.State ?? DBNull.Value);
        p.AddWithValue("@zip", (object?)customer.Zip ?? DBNull.Value);
        p.AddWithValue("@country", customer.Country);
        p.AddWithValue("@region", customer.Region);
        p.AddWithValue("@email", (object?)customer.Email ?? DBNull.Value);
        p.AddWithValue("@phone", (object?)customer.Phone ?? DBNull.Value);
        p.AddWithValue("@creditcardtype", customer.CreditCardType);
        p.AddWithValue("@creditcard", customer.CreditCard);
        p.AddWithValue("@creditcardexpiration", customer.CreditCardExpiration);
        p.AddWithValue("@username", customer.Username);
        p.AddWithValue("@password", customer.Password);
        p.AddWithValue("@age", (object?)customer.Age ?? DBNull.Value);
        p.AddWithValue("@income", (object?)customer.Income ?? DBNull.Value);
        p.AddWithValue("@gender", (object?)customer.Gender ?? DBNull.Value);
        return await IdOrZeroAsync(command, cancellationToken).ConfigureAwait(false);
    }

    public override Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken) =>
        IdOrZeroAsync(Bound(SqliteProcedures.NewMember, ("@customerid", customerId), ("@membershiptype", membershipType)), cancellationToken);

    public override Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken) =>
        IdOrZeroAsync(Bound(SqliteProcedures.NewProdReview, ("@prod_id", prodId), ("@stars", stars), ("@customerid", customerId), ("@review_summary", summary), ("@review_text", text)), cancellationToken);

    public override Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken) =>
        IdOrZeroAsync(Bound(SqliteProcedures.NewReviewHelpfulness, ("@review_id", reviewId), ("@customerid", customerId), ("@helpfulness", helpfulness)), cancellationToken);

    public override async Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
    {
        var prices = new Dictionary<int, decimal>();
        for (var start = 0; start < prodIds.Count; start += SqliteProcedures.PriceBatch)
        {
            var command = Command(SqliteProcedures.GetPrices);
            for (var i = 0; i < SqliteProcedures.PriceBatch; i++)
            {
                var index = start + i;
                command.Parameters.AddWithValue($"@prod_id{i}", index < prodIds.Count ? prodIds[index] : (object)DBNull.Value);
            }

            await StoreRowReader.AddPricesAsync(command, prices, cancellationToken).ConfigureAwait(false);
        }

        return prices;
    }

    public override async Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken)
    {
        if (purchase.Items.Count is 0 or > PurchaseRequest.MaxItems)
        {
            throw new ArgumentException($"a purchase has 1 to {PurchaseRequest.MaxItems} items, not {purchase.Items.Count}", nameof(purchase));
        }

        // Ascending PROD_ID (then request position) so concurrent orders lock rows in one order on every engine.
        var lines = purchase.Items
            .Select((item, index) => (Item: item, LineId: index + 1))
            .OrderBy(l => l.Item.ProdId)
            .ThenBy(l => l.LineId)
            .ToArray();

        using var transaction = _connection.BeginTransaction(deferred: false);
        var order = Command(SqliteProcedures.PurchaseOrder, transaction);
        order.Parameters.AddWithValue("@customerid", purchase.CustomerId);
        order.Parameters.AddWithValue("@netamount", purchase.NetAmount);
        order.Parameters.AddWithValue("@taxamount", purchase.Tax);
        order.Parameters.AddWithValue("@totalamount", purchase.TotalAmount);
        var orderId = Convert.ToInt64(await order.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false), System.Globalization.CultureInfo.InvariantCulture);

        foreach (var (item, lineId) in lines)
        {
            var stock = Command(SqliteProcedures.PurchaseStock, transaction);
            stock.Parameters.AddWithValue("@prod_id", item.ProdId);
            stock.Parameters.AddWithValue("@quantity", item.Quantity);
            // changes() counts only the statement's own row, not the re-order trigger's writes.
            if (await stock.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) != 1)
            {
                transaction.Rollback();
                return 0;
            }

            var line = Command(SqliteProcedures.PurchaseLine, transaction);
            line.Parameters.AddWithValue("@orderlineid", lineId);
            line.Parameters.AddWithValue("@orderid", orderId);
            line.Parameters.AddWithValue("@prod_id", item.ProdId);
            line.Parameters.AddWithValue("@quantity", item.Quantity);
            await line.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);

            var history = Command(SqliteProcedures.PurchaseHistory, transaction);
            history.Parameters.AddWithValue("@customerid", purchase.CustomerId);
            history.Parameters.AddWithValue("@orderid", orderId);
            history.Parameters.AddWithValue("@prod_id", item.ProdId);
            await history.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }

        transaction.Commit();
        return orderId;
    }

    public override ValueTask DisposeAsync()
    {
        foreach (var command in _prepared.Values)
        {
            command.Dispose();
        }

        _prepared.Clear();
        return ValueTask.CompletedTask;
    }

    protected override Task<IReadOnlyList<ProductRow>> BrowseAsync(Ds3Browse by, int batchSize, object key, CancellationToken cancellationToken) =>
        by == Ds3Browse.Category
            ? StoreRowReader.ReadAllAsync(Bound(SqliteProcedures.BrowseByCategory, ("@category", key), ("@batch_size", batchSize)), StoreRowReader.Product, cancellationToken)
            : FullTextAsync(SqliteProcedures.BrowseByFullText, by == Ds3Browse.Actor ? "ACTOR" : "TITLE", (string)key, batchSize, StoreRowReader.Product, cancellationToken);

    protected override Task<IReadOnlyList<ReviewRow>> ReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken) =>
        StoreRowReader.ReadAllAsync(
            order switch
            {
                Ds3ReviewOrder.Stars => Bound(SqliteProcedures.GetProdReviewsByStars, ("@prod_id", prodId), ("@stars", stars), ("@batch_size", batchSize)),
                Ds3ReviewOrder.Date => Bound(SqliteProcedures.GetProdReviewsByDate, ("@prod_id", prodId), ("@batch_size", batchSize)),
                _ => Bound(SqliteProcedures.GetProdReviews, ("@prod_id", prodId), ("@batch_size", batchSize)),
            },
            StoreRowReader.Review,
            cancellationToken);

    protected override Task<IReadOnlyList<ProductReviewRow>> SearchReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken) =>
        FullTextAsync(SqliteProcedures.GetProdReviewsByFullText, by == Ds3ReviewSearch.Actor ? "ACTOR" : "TITLE", word, batchSize, StoreRowReader.ProductReview, cancellationToken);

    /// <summary>The prepared command for <paramref name="sql"/>, made on first use, with its parameters cleared for this call.</summary>
    private SqliteCommand Command(string sql, SqliteTransaction? transaction = null)
    {
        if (!_prepared.TryGetValue(sql, out var command))
        {
            command = _connection.CreateCommand();
            command.CommandText = sql;
            _prepared.Add(sql, command);
        }

        command.Transaction = transaction;
        command.Parameters.Clear();
        return command;
    }

    /// <summary>The prepared command for <paramref name="sql"/> (no transaction) with <paramref name="parameters"/> bound.</summary>
    private SqliteCommand Bound(string sql, params (string Name, object Value)[] parameters)
    {
        var command = Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Parameters.AddWithValue(name, value);
        }

        return command;
    }

    private static async Task<long> IdOrZeroAsync(SqliteCommand command, CancellationToken cancellationToken)
    {
        var id = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return id is null or DBNull ? 0 : Convert.ToInt64(id, System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>A full-text read: nothing when the search text holds no word, else the rows <paramref name="sql"/> finds.</summary>
    private async Task<IReadOnlyList<T>> FullTextAsync<T>(
        string sql, string column, string text, int batchSize, Func<System.Data.Common.DbDataReader, T> map, CancellationToken cancellationToken)
    {
        if (SqliteFullTextQuery.Build(column, text) is not { } query)
        {
            return [];
        }

        return await StoreRowReader.ReadAllAsync(Bound(sql, ("@query", query), ("@batch_size", batchSize)), map, cancellationToken).ConfigureAwait(false);
    }
}
