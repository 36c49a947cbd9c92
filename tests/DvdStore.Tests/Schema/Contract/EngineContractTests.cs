using System.Data.Common;
using System.Globalization;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>
/// What every engine must do, written once (issue #2). An engine joins with two lines:
/// <code>
/// public sealed class MySqlContractTests(MySqlContractDatabase database)
///     : EngineContractTests(database), IClassFixture&lt;MySqlContractDatabase&gt;;
/// </code>
/// plus a <see cref="ContractDatabase"/> that makes and removes an empty database. Each test builds a fresh store
/// (drop, three phases, <see cref="ContractData"/> through the engine's bulk writer) in the class's database, so
/// tests never see each other's writes.
/// </summary>
public abstract partial class EngineContractTests(ContractDatabase database)
{
    protected static readonly CancellationToken None = CancellationToken.None;

    protected IEngine Engine => database.Engine;

    [SkippableFact]
    public async Task Create_builds_all_three_phases_on_an_empty_database()
    {
        await using var db = await OpenAsync();
        await Engine.DropAsync(db, None);
        Assert.False(await Engine.StoreExistsAsync(db, None));

        await Engine.CreateAsync(db, SchemaPhase.Tables, None);
        Assert.True(await Engine.StoreExistsAsync(db, None));
        foreach (var table in StoreModel.Tables.Where(t => t != StoreModel.Categories))
        {
            Assert.Equal(0, await CountAsync(db, $"SELECT COUNT(*) FROM {table.Name}"));
        }

        Assert.Equal(16, await CountAsync(db, "SELECT COUNT(*) FROM CATEGORIES"));
        var sciFi = Engine.Parameter("id");
        Assert.Equal(1, await CountAsync(db, $"SELECT COUNT(*) FROM CATEGORIES WHERE CATEGORY = {sciFi} AND CATEGORYNAME = 'Sci-Fi'", ("id", 14)));

        await Engine.CreateAsync(db, SchemaPhase.Keys, None);
        await Engine.CreateAsync(db, SchemaPhase.Programmability, None);
        await using var commands = Engine.CreateStoreCommands(db);
        Assert.Equal(0, (await commands.LoginAsync("user1", ContractData.Password, None)).CustomerId);
        Assert.Empty(await commands.BrowseByActorAsync(10, "PENELOPE", None));
    }

    [Fact]
    public void Every_phase_renders_its_ddl_for_review()
    {
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            Assert.False(string.IsNullOrWhiteSpace(Engine.RenderDdl(phase)));
        }

        Assert.Contains("CUSTOMERS", Engine.RenderDdl(SchemaPhase.Tables), StringComparison.OrdinalIgnoreCase);
        Assert.Contains("IX_CUST_USERNAME", Engine.RenderDdl(SchemaPhase.Keys), StringComparison.OrdinalIgnoreCase);
        Assert.Contains("PURCHASE", Engine.RenderDdl(SchemaPhase.Programmability), StringComparison.OrdinalIgnoreCase);
    }

    [SkippableFact]
    public async Task Creating_tables_over_an_existing_store_fails_and_keeps_the_store()
    {
        await using var db = await NewStoreAsync();
        Assert.True(await Engine.StoreExistsAsync(db, None));

        await Assert.ThrowsAnyAsync<Exception>(() => Engine.CreateAsync(db, SchemaPhase.Tables, None));

        Assert.Equal(ContractData.Customers.Count, await CountAsync(db, "SELECT COUNT(*) FROM CUSTOMERS"));
        Assert.True(await Engine.StoreExistsAsync(db, None));
    }

    [SkippableFact]
    public async Task Drop_removes_every_store_object_and_the_store_can_be_built_again()
    {
        await using var db = await NewStoreAsync();

        await Engine.DropAsync(db, None);

        Assert.False(await Engine.StoreExistsAsync(db, None));
        foreach (var table in StoreModel.Tables)
        {
            var error = await Assert.ThrowsAnyAsync<Exception>(() => CountAsync(db, $"SELECT COUNT(*) FROM {table.Name}"));
            Assert.Equal(FailureKind.MissingObject, Engine.Classify(error));
        }

        await using (var commands = Engine.CreateStoreCommands(db))
        {
            var error = await Assert.ThrowsAnyAsync<Exception>(() => commands.LoginAsync("user1", ContractData.Password, None));
            Assert.Equal(FailureKind.MissingObject, Engine.Classify(error));
        }

        await Engine.DropAsync(db, None);
        await BuildStoreAsync(db);
        Assert.Equal(ContractData.Customers.Count, await CountAsync(db, "SELECT COUNT(*) FROM CUSTOMERS"));
    }

    [SkippableFact]
    public async Task Bulk_writer_round_trips_every_column_type_including_nulls()
    {
        await using var db = await NewStoreAsync();

        foreach (var (table, rows) in ContractData.Tables)
        {
            var expected = rows.Select(r => Canonical(table, r)).Order(StringComparer.Ordinal).ToList();
            var actual = (await ReadTableAsync(db, table)).Select(r => Canonical(table, r)).Order(StringComparer.Ordinal).ToList();
            Assert.Equal(expected, actual);
        }
    }

    [SkippableFact]
    public async Task Reset_identity_after_removing_a_runs_rows_gives_the_loaded_last_id_plus_one_again()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);
        var customers = ContractData.LastId(StoreModel.Customers);
        var orders = ContractData.LastId(StoreModel.Orders);
        var reviews = ContractData.LastId(StoreModel.Reviews);
        var ratings = ContractData.LastId(StoreModel.ReviewsHelpfulness);

        // The fixture load reset every identity to its last loaded id.
        Assert.Equal(customers + 1, await commands.NewCustomerAsync(NewCustomer("newuser1"), None));
        Assert.Equal(customers + 2, await commands.NewCustomerAsync(NewCustomer("newuser2"), None));
        Assert.Equal(orders + 1, await PurchaseOneAsync(commands));
        Assert.Equal(reviews + 1, await commands.NewProdReviewAsync(2, 4, 3, "Again", "Watched it again", None));
        Assert.Equal(ratings + 1, await commands.NewReviewHelpfulnessAsync(reviews + 1, 2, 5, None));

        // What a cleanup does: remove the run's rows, then reset each identity to the loaded last id.
        foreach (var (table, column, last) in new[]
        {
            ("CUST_HIST", "ORDERID", orders), ("ORDERLINES", "ORDERID", orders), ("ORDERS", "ORDERID", orders),
            ("REVIEWS_HELPFULNESS", "REVIEW_HELPFULNESS_ID", ratings), ("REVIEWS", "REVIEW_ID", reviews), ("CUSTOMERS", "CUSTOMERID", customers),
        })
        {
            await using var delete = db.Command($"DELETE FROM {table} WHERE {column} > {Engine.Parameter("last")}");
            delete.Add("last", last);
            await delete.ExecuteNonQueryAsync();
        }

        await Engine.ResetIdentityAsync(db, StoreModel.Customers, customers, None);
        await Engine.ResetIdentityAsync(db, StoreModel.Orders, orders, None);
        await Engine.ResetIdentityAsync(db, StoreModel.Reviews, reviews, None);
        await Engine.ResetIdentityAsync(db, StoreModel.ReviewsHelpfulness, ratings, None);

        Assert.Equal(customers + 1, await commands.NewCustomerAsync(NewCustomer("newuser3"), None));
        Assert.Equal(orders + 1, await PurchaseOneAsync(commands));
        Assert.Equal(reviews + 1, await commands.NewProdReviewAsync(2, 4, 3, "Again", "Watched it again", None));
        Assert.Equal(ratings + 1, await commands.NewReviewHelpfulnessAsync(reviews + 1, 2, 5, None));

        static Task<long> PurchaseOneAsync(IStoreCommands commands) =>
            commands.PurchaseAsync(new PurchaseRequest(3, 9.99m, 0.82m, 10.81m, [new CartItem(1, 1)]), None);
    }

    [SkippableFact]
    public async Task Analyze_and_describe_server_work_on_a_loaded_store()
    {
        await using var db = await NewStoreAsync();

        await Engine.AnalyzeAsync(db, None);
        var facts = await Engine.DescribeServerAsync(db, None);

        Assert.False(string.IsNullOrWhiteSpace(facts.Product));
        Assert.False(string.IsNullOrWhiteSpace(facts.Version));
        Assert.NotNull(facts.Settings);
    }

    /// <summary>An open connection to the class's (fresh) database.</summary>
    protected async Task<DbConnection> OpenAsync()
    {
        var connection = Engine.CreateConnection(await database.ConnectionStringAsync());
        await connection.OpenAsync();
        return connection;
    }

    /// <summary>An open connection to a freshly built store holding <see cref="ContractData"/>.</summary>
    protected async Task<DbConnection> NewStoreAsync()
    {
        var connection = await OpenAsync();
        try
        {
            await Engine.DropAsync(connection, None);
            await BuildStoreAsync(connection);
            return connection;
        }
        catch
        {
            await connection.DisposeAsync();
            throw;
        }
    }

    /// <summary>Tables, the fixture rows through the bulk writer, identities reset, keys, programmability: the loader's order.</summary>
    protected Task BuildStoreAsync(DbConnection connection) => ContractStore.BuildAsync(Engine, connection);

    /// <summary>A scalar count from portable SQL; parameters are named as in <see cref="IEngine.Parameter"/>.</summary>
    protected static async Task<long> CountAsync(DbConnection connection, string sql, params (string Name, object? Value)[] parameters)
    {
        await using var command = connection.Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Add(name, value);
        }

        return await command.ScalarAsync<long>(None);
    }

    /// <summary>Rows of portable SQL, each value read as the CLR type of the given column type (null for NULL).</summary>
    protected static async Task<List<object?[]>> QueryAsync(DbConnection connection, string sql, IReadOnlyList<ColumnType> types, params (string Name, object? Value)[] parameters)
    {
        await using var command = connection.Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Add(name, value);
        }

        var rows = new List<object?[]>();
        await using var reader = await command.ExecuteReaderAsync(None);
        while (await reader.ReadAsync(None))
        {
            var row = new object?[types.Count];
            for (var i = 0; i < types.Count; i++)
            {
                row[i] = reader.IsDBNull(i) ? null : types[i] switch
                {
                    ColumnType.SmallInt => reader.GetInt16(i),
                    ColumnType.Integer => reader.GetInt32(i),
                    ColumnType.BigInt => reader.GetInt64(i),
                    ColumnType.Money => reader.GetDecimal(i),
                    ColumnType.Date => reader.GetDateTime(i).Date,
                    _ => reader.GetString(i),
                };
            }

            rows.Add(row);
        }

        return rows;
    }

    protected static Task<List<object?[]>> ReadTableAsync(DbConnection connection, TableSpec table) =>
        QueryAsync(connection, $"SELECT {string.Join(", ", table.Columns.Select(c => c.Name))} FROM {table.Name}", table.Columns.Select(c => c.Type).ToArray());

    /// <summary>A row as one comparable string: invariant numbers, money to the cent, dates as yyyy-MM-dd, NULL as ∅.</summary>
    protected static string Canonical(TableSpec table, object?[] row) =>
        string.Join("|", row.Select((value, i) => value switch
        {
            null => "∅",
            DateTime day => day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
            decimal money => money.ToString("0.00", CultureInfo.InvariantCulture),
            IFormattable number => number.ToString(null, CultureInfo.InvariantCulture),
            _ => $"{table.Columns[i].Name}={value}",
        }));

    /// <summary>True when <paramref name="day"/> is the server's "today" (a day either way for time zones).</summary>
    protected static bool IsToday(object? day) =>
        day is DateTime d && Math.Abs((d.Date - DateTime.UtcNow.Date).TotalDays) <= 1;

    protected static NewCustomerRequest NewCustomer(string username) => new(
        "Zoë", "D'Arcy", "1 Rue de l'Église", null, "Montréal", null, null, "Canada", 2, null, null, 2,
        "1111222233334444", "2016/09", username, ContractData.Password, null, null, null);
}
