using DvdStore.Cli;
using Microsoft.Data.Sqlite;

namespace DvdStore.Tests.Schema.Sqlite;

/// <summary>The SQLite engine's connection settings, life cycle (exists, drop, identities, statistics), DDL and error classes.</summary>
public class SqliteEngineTests
{
    [Fact]
    public async Task Every_connection_opens_in_wal_mode_with_busy_timeout_and_foreign_keys()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        for (var i = 0; i < 2; i++)
        {
            // The second open comes from the pool: the settings are applied again.
            await using var connection = await store.OpenAsync();
            Assert.Equal("wal", await PragmaAsync(connection, "journal_mode"));
            Assert.Equal("1", await PragmaAsync(connection, "synchronous")); // NORMAL
            Assert.Equal("30000", await PragmaAsync(connection, "busy_timeout"));
            Assert.Equal("1", await PragmaAsync(connection, "foreign_keys"));
            await connection.ExecuteAsync("PRAGMA foreign_keys = OFF", None);
        }
    }

    [Fact]
    public async Task Foreign_keys_are_declared_and_enforced_at_run_time()
    {
        await using var store = await SqliteTestStore.CreateAsync();
        await using var connection = await store.OpenAsync();

        var error = await Assert.ThrowsAsync<SqliteException>(() => connection.ExecuteAsync(
            "INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID) VALUES (99, 1, 1)", None));
        Assert.Contains("FOREIGN KEY", error.Message);
        // ON DELETE CASCADE: customer 1's history and reviews go with it; ORDERS keep their rows with CUSTOMERID NULL.
        await connection.ExecuteAsync("DELETE FROM CUSTOMERS WHERE CUSTOMERID = 1", None);
        Assert.Equal(0, await store.CountAsync("CUST_HIST"));
        Assert.Equal(3, await store.CountAsync("ORDERS", "CUSTOMERID IS NULL"));
        Assert.Equal(0, await store.CountAsync("REVIEWS", "CUSTOMERID = 1"));
        Assert.Equal(0, await store.CountAsync("REVIEWS_HELPFULNESS", "REVIEW_ID = 5"));
    }

    [Fact]
    public async Task Identity_columns_are_rowid_aliases()
    {
        await using var store = await SqliteTestStore.CreateAsync();
        foreach (var table in StoreModel.Tables.Where(t => t.IdentityColumn is not null))
        {
            // pk = 1 and type INTEGER is what makes the column the rowid (declared BIGINT it would not be).
            Assert.Equal("INTEGER", await store.ScalarAsync<string>(
                $"SELECT type FROM pragma_table_info('{table.Name}') WHERE name = '{table.IdentityColumn}' AND pk = 1"));
            Assert.Equal(0, await store.CountAsync(table.Name, $"rowid <> {table.IdentityColumn}"));
        }
    }

    [Fact]
    public async Task Store_exists_after_tables_and_not_after_drop()
    {
        await using var store = await SqliteTestStore.CreateAsync();
        var engine = SqliteTestStore.Engine;

        Assert.True(await engine.StoreExistsAsync(store.Connection, None));
        await engine.DropAsync(store.Connection, None);
        Assert.False(await engine.StoreExistsAsync(store.Connection, None));
        // Only SQLite's own sqlite_sequence (which cannot be dropped, and is empty now) remains.
        Assert.Equal(0L, await store.ScalarAsync<long>("SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"));
        Assert.Equal(0L, await store.ScalarAsync<long>("SELECT COUNT(*) FROM sqlite_sequence"));
        Assert.Equal("1", await PragmaAsync(store.Connection, "foreign_keys"));
        await engine.DropAsync(store.Connection, None); // nothing left: a no-op

        // And the store can be built again on the same file.
        await engine.CreateAsync(store.Connection, SchemaPhase.Tables, None);
        Assert.Equal(16, await store.CountAsync("CATEGORIES"));
        Assert.Equal("Sci-Fi", await store.ScalarAsync<string>("SELECT CATEGORYNAME FROM CATEGORIES WHERE CATEGORY = 14"));
    }

    [Fact]
    public async Task Reset_identity_makes_the_next_id_last_id_plus_one()
    {
        await using var store = await SqliteTestStore.CreateAsync();
        var first = await store.Commands.PurchaseAsync(new(1, 1, 0, 1, [new(1, 1)]), None);
        var second = await store.Commands.PurchaseAsync(new(1, 1, 0, 1, [new(1, 1)]), None);
        Assert.Equal([4L, 5L], [first, second]);

        // As reset does: remove the run's rows, then set the counter back (without it AUTOINCREMENT would go on at 6).
        await store.Connection.ExecuteAsync("DELETE FROM ORDERS WHERE ORDERID > 3", None);
        await SqliteTestStore.Engine.ResetIdentityAsync(store.Connection, StoreModel.Orders, 3, None);
        Assert.Equal(4, await store.Commands.PurchaseAsync(new(1, 1, 0, 1, [new(1, 1)]), None));

        // Forward, leaving a gap; and back below rows that remain, which SQLite (like InnoDB) never reuses.
        await SqliteTestStore.Engine.ResetIdentityAsync(store.Connection, StoreModel.Orders, 100, None);
        Assert.Equal(101, await store.Commands.PurchaseAsync(new(1, 1, 0, 1, [new(1, 1)]), None));
        await SqliteTestStore.Engine.ResetIdentityAsync(store.Connection, StoreModel.Orders, 3, None);
        Assert.Equal(102, await store.Commands.PurchaseAsync(new(1, 1, 0, 1, [new(1, 1)]), None));
        Assert.Equal(6, await store.CountAsync("ORDERS")); // reset deletes nothing itself

        // A table nothing was inserted into yet has no counter row: it is added.
        await using var empty = await SqliteTestStore.CreateEmptyAsync();
        await SqliteTestStore.Engine.ResetIdentityAsync(empty.Connection, StoreModel.Customers, 41, None);
        await empty.Connection.ExecuteAsync("INSERT INTO CUSTOMERS (FIRSTNAME, LASTNAME, ADDRESS1, CITY, COUNTRY, REGION, CREDITCARDTYPE, CREDITCARD, " +
            "CREDITCARDEXPIRATION, USERNAME, PASSWORD) VALUES ('A', 'B', 'C', 'D', 'US', 1, 1, '1', '2015/01', 'u', 'p')", None);
        Assert.Equal(42L, await empty.ScalarAsync<long>("SELECT CUSTOMERID FROM CUSTOMERS"));
        await Assert.ThrowsAsync<ArgumentException>(() => SqliteTestStore.Engine.ResetIdentityAsync(store.Connection, StoreModel.Inventory, 3, None));
    }

    [Fact]
    public async Task Analyze_writes_statistics()
    {
        await using var store = await SqliteTestStore.CreateAsync(); // runs AnalyzeAsync
        Assert.True(await store.CountAsync("sqlite_stat1") > 0);
        Assert.True(await store.CountAsync("sqlite_stat1", "idx = 'IX_CUST_USERNAME'") == 1);
    }

    [Fact]
    public async Task Describe_server_reports_version_and_settings()
    {
        await using var store = await SqliteTestStore.CreateEmptyAsync();
        var facts = await SqliteTestStore.Engine.DescribeServerAsync(store.Connection, None);

        Assert.Equal("SQLite", facts.Product);
        Assert.Matches(@"^3\.\d+\.\d+$", facts.Version);
        Assert.Equal("wal", facts.Settings["journal_mode"]);
        Assert.Equal("30000", facts.Settings["busy_timeout"]);
        Assert.True(int.Parse(facts.Settings["page_size"], CultureInfo.InvariantCulture) >= 512);
        Assert.Contains("cache_size", facts.Settings.Keys);
        Assert.EndsWith("store.db", facts.Settings["data_source"]);
    }

    [Fact]
    public async Task Errors_are_classified()
    {
        var engine = SqliteTestStore.Engine;
        await using var store = await SqliteTestStore.CreateEmptyAsync();

        var missing = await Assert.ThrowsAsync<SqliteException>(() => store.Connection.ExecuteAsync("SELECT * FROM NO_SUCH_TABLE", None));
        Assert.Equal(FailureKind.MissingObject, engine.Classify(missing));

        var cannotOpen = engine.CreateConnection($"Data Source={Path.Combine(TestServers.TempFile("x"), "no", "such", "dir.db")}");
        var openError = await Assert.ThrowsAsync<SqliteException>(() => cannotOpen.OpenAsync());
        Assert.Equal(FailureKind.Connection, engine.Classify(openError));

        Assert.Equal(FailureKind.Deadlock, engine.Classify(new SqliteException("database is locked", 5)));
        Assert.Equal(FailureKind.Deadlock, engine.Classify(new SqliteException("database table is locked", 6)));
        Assert.Equal(FailureKind.Deadlock, engine.Classify(new InvalidOperationException("wrapped", new SqliteException("busy", 517))));
        Assert.Equal(FailureKind.Other, engine.Classify(new SqliteException("constraint", 19)));
    }

    [Fact]
    public async Task A_writer_waits_for_another_instead_of_failing()
    {
        await using var store = await SqliteTestStore.CreateAsync();
        await using var holder = (SqliteConnection)await store.OpenAsync();
        await using var waiter = await store.OpenAsync();
        await using var commands = SqliteTestStore.Engine.CreateStoreCommands(waiter);

        var transaction = holder.BeginTransaction(deferred: false);
        var purchase = Task.Run(() => commands.PurchaseAsync(new(1, 1, 0, 1, [new(1, 1)]), None));
        await Task.Delay(300);
        Assert.False(purchase.IsCompleted);
        transaction.Commit();

        Assert.Equal(4, await purchase);
    }

    [Theory]
    [InlineData(SchemaPhase.Tables, new[] { "CREATE TABLE CUSTOMERS", "CUSTOMERID INTEGER NOT NULL", "CONSTRAINT FK_CUST_HIST_CUSTOMERID FOREIGN KEY (CUSTOMERID) REFERENCES CUSTOMERS (CUSTOMERID) ON DELETE CASCADE", "ON DELETE SET NULL", "INSERT INTO CATEGORIES" })]
    [InlineData(SchemaPhase.Keys, new[] { "CREATE UNIQUE INDEX IX_CUST_USERNAME ON CUSTOMERS (USERNAME)", "USING fts5", "'rebuild'", "CREATE TRIGGER PRODUCTS_FTS_INSERT" })]
    [InlineData(SchemaPhase.Programmability, new[] { "CREATE TRIGGER RESTOCK AFTER UPDATE OF QUAN_IN_STOCK ON INVENTORY", "-- PURCHASE (stock, per item)", "--   UPDATE INVENTORY" })]
    public void Ddl_of_each_phase_is_rendered_for_review(SchemaPhase phase, string[] expected)
    {
        var ddl = SqliteTestStore.Engine.RenderDdl(phase);
        foreach (var text in expected)
        {
            Assert.Contains(text, ddl);
        }

        Assert.DoesNotContain("ALTER TABLE", ddl);
    }

    [Fact]
    public async Task Rendered_ddl_runs_as_a_script()
    {
        // What a DBA would paste into the sqlite3 shell builds the same objects.
        var path = TestServers.TempFile("script.db");
        await using var connection = new SqliteConnection($"Data Source={path};Pooling=False");
        await connection.OpenAsync();
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            await connection.ExecuteAsync(SqliteTestStore.Engine.RenderDdl(phase), None);
        }

        await using var command = connection.Command("SELECT COUNT(*) FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'PRODUCTS_FTS_%'");
        var objects = await command.ScalarAsync<long>(None);
        // Store tables, the FTS5 table, the secondary indexes and RESTOCK (FTS5 shadow tables and sync triggers not counted).
        Assert.Equal(StoreModel.Tables.Count + 1 + StoreModel.Indexes.Count + 1, objects);
    }

    [Fact]
    public async Task Schema_command_prints_ddl_that_builds_a_store_which_drop_removes()
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        Assert.Equal(0, await CliApp.RunAsync(["schema", "--engine", "sqlite"], output, error, None));
        Assert.Equal("", error.ToString());
        var printed = output.ToString();
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            Assert.Contains(SqliteTestStore.Engine.RenderDdl(phase), printed);
        }

        // The whole printout is one script (sqlite3 dvdstore.db < schema.sql); the engine then finds and drops what it built.
        var engine = SqliteTestStore.Engine;
        await using var connection = engine.CreateConnection($"Data Source={TestServers.TempFile("printed.db")}");
        await connection.OpenAsync();
        await connection.ExecuteAsync(printed, None);
        Assert.True(await engine.StoreExistsAsync(connection, None));
        await using (var commands = engine.CreateStoreCommands(connection))
        {
            Assert.Empty(await commands.BrowseByTitleAsync(10, "ANYTHING", None));
        }

        await engine.DropAsync(connection, None);

        Assert.False(await engine.StoreExistsAsync(connection, None));
        await using var left = connection.Command("SELECT COUNT(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'");
        Assert.Equal(0L, await left.ScalarAsync<long>(None));
    }

    private static async Task<string> PragmaAsync(DbConnection connection, string name)
    {
        await using var command = connection.Command($"PRAGMA {name}");
        return Convert.ToString(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture)!;
    }
}
