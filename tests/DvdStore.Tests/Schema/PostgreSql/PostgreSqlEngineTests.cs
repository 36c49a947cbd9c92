using DvdStore.Contract;
using DvdStore.Tests.Schema.Contract;
using Npgsql;

namespace DvdStore.Tests.Schema.PostgreSql;

/// <summary>
/// What only PostgreSQL has: SQLSTATE classification of real errors, the server facts, the GIN indexes the search
/// functions use, a store in a named schema, the COPY writer's abandon path. The shared behaviour is in
/// <see cref="PostgreSqlContractTests"/>; this class has a database of its own.
/// </summary>
public sealed class PostgreSqlEngineTests(PostgreSqlContractDatabase database) : IClassFixture<PostgreSqlContractDatabase>
{
    private IEngine Engine => database.Engine;

    [SkippableFact]
    public async Task Classify_maps_real_server_errors_by_sqlstate()
    {
        await using var db = await NewStoreAsync();

        var timeout = await Assert.ThrowsAnyAsync<Exception>(() => db.ExecuteAsync("SET statement_timeout = 50; SELECT pg_sleep(5)", None));
        Assert.Equal(FailureKind.Timeout, Engine.Classify(timeout));
        await db.ExecuteAsync("SET statement_timeout = 0", None);

        var missing = await Assert.ThrowsAnyAsync<Exception>(() => db.ExecuteAsync("SELECT NO_SUCH_FUNCTION(1)", None));
        Assert.Equal(FailureKind.MissingObject, Engine.Classify(missing));

        var duplicate = await Assert.ThrowsAnyAsync<Exception>(() => db.ExecuteAsync("INSERT INTO MEMBERSHIP (CUSTOMERID, MEMBERSHIPTYPE, EXPIREDATE) VALUES (1, 1, current_date)", None));
        Assert.Equal(FailureKind.Other, Engine.Classify(duplicate));

        Assert.Equal(FailureKind.Deadlock, Engine.Classify(await DeadlockAsync()));

        // Nothing listens on port 1 of loopback.
        var builder = new NpgsqlConnectionStringBuilder(await database.ConnectionStringAsync()) { Port = 1, Timeout = 5 };
        await using var unreachable = Engine.CreateConnection(builder.ConnectionString);
        var refused = await Assert.ThrowsAnyAsync<Exception>(() => unreachable.OpenAsync());
        Assert.Equal(FailureKind.Connection, Engine.Classify(refused));
    }

    [Fact]
    public void A_malformed_connection_string_is_a_user_error()
    {
        var error = Assert.Throws<UserError>(() => Engine.CreateConnection("Host=x;NoSuchKeyword=1"));
        Assert.Contains("PostgreSQL connection string", error.Message, StringComparison.Ordinal);
    }

    [SkippableFact]
    public async Task Describe_server_reports_the_version_and_the_settings_that_matter()
    {
        await using var db = await OpenAsync();

        var facts = await Engine.DescribeServerAsync(db, None);

        Assert.Equal("PostgreSQL", facts.Product);
        Assert.StartsWith("PostgreSQL ", facts.Version, StringComparison.Ordinal);
        foreach (var name in new[] { "server_version", "shared_buffers", "max_connections", "synchronous_commit", "fsync", "work_mem", "effective_cache_size" })
        {
            Assert.True(facts.Settings.ContainsKey(name), $"{name} missing");
        }

        // scripts/db-up.sh starts the test server with these.
        AssertSettings.Hold(facts.Settings, ("max_connections", "300"), ("synchronous_commit", "off"), ("shared_buffers", "256MB"));
    }

    [SkippableFact]
    public async Task Search_functions_use_the_gin_full_text_indexes()
    {
        await using var db = await NewStoreAsync();
        // Ten rows would be scanned anyway: forbid sequential scans to see which index each function can use.
        await db.ExecuteAsync("SET enable_seqscan = off", None);

        Assert.Contains("ix_prod_actor", await ExplainAsync(db, "SELECT * FROM BROWSE_BY_ACTOR(10, 'PENELOPE')"), StringComparison.Ordinal);
        Assert.Contains("ix_prod_title", await ExplainAsync(db, "SELECT * FROM BROWSE_BY_TITLE(10, 'ACADEMY')"), StringComparison.Ordinal);
        Assert.Contains("ix_prod_actor", await ExplainAsync(db, "SELECT * FROM GET_PROD_REVIEWS_BY_ACTOR(10, 'PENELOPE')"), StringComparison.Ordinal);
        Assert.Contains("ix_prod_title", await ExplainAsync(db, "SELECT * FROM GET_PROD_REVIEWS_BY_TITLE(10, 'ACADEMY')"), StringComparison.Ordinal);
    }

    [SkippableFact]
    public async Task Purchase_of_a_quantity_below_one_or_an_unknown_product_returns_zero()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(0, await commands.PurchaseAsync(new PurchaseRequest(1, 0m, 0m, 0m, [new CartItem(1, 0)]), None));
        Assert.Equal(0, await commands.PurchaseAsync(new PurchaseRequest(1, 0m, 0m, 0m, [new CartItem(1, 2), new CartItem(1, -1)]), None));
        Assert.Equal(0, await commands.PurchaseAsync(new PurchaseRequest(1, 9.99m, 0.82m, 10.81m, [new CartItem(99, 1)]), None));

        Assert.Equal(ContractData.Orders.Count, await CountAsync(db, "SELECT COUNT(*) FROM ORDERS"));
        Assert.Equal(ContractData.Stock(1), await CountAsync(db, "SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 1"));
    }

    [SkippableFact]
    public async Task A_product_listed_twice_takes_the_sum_and_keeps_one_line_per_item()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var order = await commands.PurchaseAsync(new PurchaseRequest(1, 0m, 0m, 0m, [new CartItem(8, 2), new CartItem(1, 1), new CartItem(8, 3)]), None);

        Assert.True(order > 0);
        Assert.Equal(ContractData.Stock(8) - 5, await CountAsync(db, "SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 8"));
        Assert.Equal(3, await CountAsync(db, $"SELECT COUNT(*) FROM ORDERLINES WHERE ORDERID = {order}"));
        Assert.Equal(3, await CountAsync(db, $"SELECT ORDERLINEID FROM ORDERLINES WHERE ORDERID = {order} AND QUANTITY = 3"));
    }

    [SkippableFact]
    public async Task A_store_in_a_named_schema_is_built_there_and_dropped_from_there_only()
    {
        await using var main = await NewStoreAsync();
        var inSchema = new NpgsqlConnectionStringBuilder(await database.ConnectionStringAsync()) { SearchPath = "ds3" }.ConnectionString;
        await using var ds3 = Engine.CreateConnection(inSchema);
        await ds3.OpenAsync();

        await Engine.CreateAsync(ds3, SchemaPhase.Tables, None);
        await Engine.CreateAsync(ds3, SchemaPhase.Keys, None);
        await Engine.CreateAsync(ds3, SchemaPhase.Programmability, None);

        Assert.True(await Engine.StoreExistsAsync(ds3, None));
        Assert.Equal(StoreModel.Tables.Count, await CountAsync(ds3, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'ds3'"));
        await using (var commands = Engine.CreateStoreCommands(ds3))
        {
            Assert.Equal(0, (await commands.LoginAsync("user1", ContractData.Password, None)).CustomerId);
        }

        await Engine.DropAsync(ds3, None);

        Assert.False(await Engine.StoreExistsAsync(ds3, None));
        Assert.Equal(0, await CountAsync(main, "SELECT COUNT(*) FROM pg_proc WHERE pronamespace = 'ds3'::regnamespace"));
        Assert.True(await Engine.StoreExistsAsync(main, None));
        Assert.Equal(ContractData.Customers.Count, await CountAsync(main, "SELECT COUNT(*) FROM CUSTOMERS"));
    }

    [SkippableFact]
    public async Task A_copy_disposed_without_completing_leaves_nothing()
    {
        await using var db = await NewStoreAsync();
        await db.ExecuteAsync("TRUNCATE DS_STORE_INFO", None);

        await using (var writer = await Engine.OpenBulkWriterAsync(db, StoreModel.StoreInfo, None))
        {
            await writer.WriteAsync(ContractData.StoreInfo, None);
        }

        Assert.Equal(0, await CountAsync(db, "SELECT COUNT(*) FROM DS_STORE_INFO"));
        // The connection is usable after the abandoned COPY.
        Assert.Equal(ContractData.Customers.Count, await CountAsync(db, "SELECT COUNT(*) FROM CUSTOMERS"));
    }

    private async Task<System.Data.Common.DbConnection> OpenAsync()
    {
        var connection = Engine.CreateConnection(await database.ConnectionStringAsync());
        await connection.OpenAsync();
        return connection;
    }

    /// <summary>A fresh contract store, as the contract suite builds it.</summary>
    private async Task<System.Data.Common.DbConnection> NewStoreAsync()
    {
        var connection = await OpenAsync();
        await Engine.DropAsync(connection, None);
        await Engine.CreateAsync(connection, SchemaPhase.Tables, None);
        foreach (var (table, rows) in ContractData.Tables)
        {
            await using var writer = await Engine.OpenBulkWriterAsync(connection, table, None);
            await writer.WriteAsync(rows, None);
            await writer.CompleteAsync(None);
        }

        foreach (var table in StoreModel.Tables.Where(t => t.IdentityColumn is not null))
        {
            await Engine.ResetIdentityAsync(connection, table, ContractData.LastId(table), None);
        }

        await Engine.CreateAsync(connection, SchemaPhase.Keys, None);
        await Engine.CreateAsync(connection, SchemaPhase.Programmability, None);
        return connection;
    }

    /// <summary>Two transactions that each lock a row the other then wants: the server kills one with 40P01.</summary>
    private async Task<Exception> DeadlockAsync()
    {
        await using var first = await OpenAsync();
        await using var second = await OpenAsync();
        await using var t1 = await first.BeginTransactionAsync();
        await using var t2 = await second.BeginTransactionAsync();
        await first.ExecuteAsync("UPDATE INVENTORY SET SALES = SALES + 1 WHERE PROD_ID = 1", None, t1);
        await second.ExecuteAsync("UPDATE INVENTORY SET SALES = SALES + 1 WHERE PROD_ID = 2", None, t2);
        var a = first.ExecuteAsync("UPDATE INVENTORY SET SALES = SALES + 1 WHERE PROD_ID = 2", None, t1);
        var b = second.ExecuteAsync("UPDATE INVENTORY SET SALES = SALES + 1 WHERE PROD_ID = 1", None, t2);
        var failed = await Record.ExceptionAsync(() => Task.WhenAll(a, b));
        return Assert.IsType<PostgresException>(a.Exception?.InnerException ?? b.Exception?.InnerException ?? failed);
    }

    private static async Task<string> ExplainAsync(System.Data.Common.DbConnection db, string sql)
    {
        await using var command = db.Command("EXPLAIN " + sql);
        var plan = new List<string>();
        await using var reader = await command.ExecuteReaderAsync(None);
        while (await reader.ReadAsync(None))
        {
            plan.Add(reader.GetString(0));
        }

        return string.Join("\n", plan);
    }

    private static async Task<long> CountAsync(System.Data.Common.DbConnection db, string sql)
    {
        await using var command = db.Command(sql);
        return await command.ScalarAsync<long>(None);
    }
}
