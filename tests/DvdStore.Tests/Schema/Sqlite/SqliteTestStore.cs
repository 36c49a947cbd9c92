using DvdStore.Schema.Engines.Sqlite;

using Microsoft.Data.Sqlite;

namespace DvdStore.Tests.Schema.Sqlite;

/// <summary>
/// A small, fully built SQLite store in a fresh temp file: a few customers, products with known titles and actors,
/// stock levels chosen to exercise the re-order trigger and rollbacks, and rated reviews. Built through the engine's
/// own phases and bulk writer, as the loader does.
/// </summary>
internal sealed class SqliteTestStore : IAsyncDisposable
{
    public static readonly (int Id, string Title, string Actor, int Category, int Special, int Stock)[] Products =
    [
        (1, "ACADEMY DINOSAUR", "PENELOPE GUINESS", 1, 1, 100),
        (2, "ACE GOLDFINGER", "TOM HANKS", 1, 1, 5),
        (3, "ADAPTATION HOLES", "TOM CRUISE", 2, 0, 2),
        (4, "AFFAIR PREJUDICE", "MEG HANKS", 1, 1, 0),
        (5, "CAFÉ CRÈME", "JOSÉ O'BRIEN", 3, 0, 50),
        (6, "100% PURE_GOLD \\ \"QUOTED\"", "ANNA OR BOB", 3, 0, 50),
    ];

    private IStoreCommands? commands;

    private SqliteTestStore(string connectionString, DbConnection connection)
    {
        ConnectionString = connectionString;
        Connection = connection;
    }

    public static SqliteEngine Engine { get; } = (SqliteEngine)EngineCatalog.Get(EngineKind.Sqlite);

    public string ConnectionString { get; }

    public DbConnection Connection { get; }

    /// <summary>The store's commands on <see cref="Connection"/>: made on first use, disposed with the store.</summary>
    public IStoreCommands Commands => commands ??= Engine.CreateStoreCommands(Connection);

    /// <summary>When the store was made: every date the test's commands write falls between this and now (midnight may pass meanwhile).</summary>
    public DateTime CreatedUtc { get; } = DateTime.UtcNow;

    /// <summary>Creates the tables only (no data, keys or trigger).</summary>
    public static async Task<SqliteTestStore> CreateEmptyAsync()
    {
        var connectionString = $"Data Source={TestServers.TempFile("store.db")}";
        var connection = Engine.CreateConnection(connectionString);
        await connection.OpenAsync();
        await Engine.CreateAsync(connection, SchemaPhase.Tables, CancellationToken.None);
        return new SqliteTestStore(connectionString, connection);
    }

    /// <summary>Creates, loads and finishes (keys, full-text, trigger, statistics) the small store.</summary>
    public static async Task<SqliteTestStore> CreateAsync()
    {
        var store = await CreateEmptyAsync();
        var date = new DateTime(2013, 3, 1);
        await store.LoadAsync(StoreModel.Customers, Enumerable.Range(1, 3).Select(i => new object?[]
        {
            (long)i, "FIRST" + i, "LAST" + i, "1 MAIN ST", null, "CITY", "CA", "01234", "US", (short)1, null, null,
            1, "1234567812345678", "2015/01", "user" + i, "password", (short)30, 50000, "M",
        }));
        await store.LoadAsync(StoreModel.Products, Products.Select(p => new object?[]
        {
            p.Id, (short)p.Category, p.Title, p.Actor, 9.99m + p.Id, (short)p.Special, p.Id == 1 ? 2 : 1, (short)0,
        }));
        await store.LoadAsync(StoreModel.Inventory, Products.Select(p => new object?[] { p.Id, p.Stock, 0 }));
        // Orders 1..3 of customer 1 buying products 1, 2, 3 (history), newest = highest ORDERID.
        await store.LoadAsync(StoreModel.Orders, Enumerable.Range(1, 3).Select(i => new object?[] { (long)i, date.AddDays(i), 1L, 10m, 1m, 11m }));
        await store.LoadAsync(StoreModel.CustHist, Enumerable.Range(1, 3).Select(i => new object?[] { 1L, (long)i, i }));
        // Reviews of product 1: review 1 (helpfulness 1+1), review 2 (5), review 3 (no rating, so never returned), review 4 (3, 5 stars).
        await store.LoadAsync(StoreModel.Reviews,
        [
            [1L, 1, date, (short)4, 1L, "OK", "An ok film"],
            [2L, 1, date.AddDays(2), (short)4, 2L, "GREAT", "A great film"],
            [3L, 1, date.AddDays(5), (short)4, 3L, "UNRATED", "Nobody rated this"],
            [4L, 1, date.AddDays(1), (short)5, 3L, "FIVE", "Five stars"],
            [5L, 2, date, (short)1, 1L, "BAD", "Tom Hanks film review"],
        ]);
        await store.LoadAsync(StoreModel.ReviewsHelpfulness,
        [
            [1L, 1L, 2L, (short)1], [2L, 1L, 3L, (short)1], [3L, 2L, 1L, (short)5], [4L, 4L, 1L, (short)3], [5L, 5L, 2L, (short)2],
        ]);
        await Engine.CreateAsync(store.Connection, SchemaPhase.Keys, CancellationToken.None);
        await Engine.CreateAsync(store.Connection, SchemaPhase.Programmability, CancellationToken.None);
        await Engine.AnalyzeAsync(store.Connection, CancellationToken.None);
        return store;
    }

    public async Task LoadAsync(TableSpec table, IEnumerable<object?[]> rows)
    {
        await using var writer = await Engine.OpenBulkWriterAsync(Connection, table, CancellationToken.None);
        await writer.WriteAsync(rows.ToList(), CancellationToken.None);
        await writer.CompleteAsync(CancellationToken.None);
    }

    /// <summary>A new open connection to the same store, as another virtual user would have.</summary>
    public async Task<DbConnection> OpenAsync()
    {
        var connection = Engine.CreateConnection(ConnectionString);
        await connection.OpenAsync();
        return connection;
    }

    public async Task<long> CountAsync(string table, string where = "1 = 1")
    {
        await using var command = Connection.Command($"SELECT COUNT(*) FROM {table} WHERE {where}");
        return await command.ScalarAsync<long>(CancellationToken.None);
    }

    public async Task<T?> ScalarAsync<T>(string sql)
    {
        await using var command = Connection.Command(sql);
        return await command.ScalarAsync<T>(CancellationToken.None);
    }

    /// <summary>Fails unless the date <paramref name="sql"/> reads (SQLite's yyyy-MM-dd text) is a UTC day of this test's lifetime.</summary>
    public async Task AssertWrittenDuringTheTestAsync(string sql)
    {
        var text = await ScalarAsync<string>(sql);
        Assert.NotNull(text);
        var written = DateTime.ParseExact(text, "yyyy-MM-dd", CultureInfo.InvariantCulture);
        Assert.InRange(written, CreatedUtc.Date, DateTime.UtcNow.Date);
    }

    public async ValueTask DisposeAsync()
    {
        if (commands is not null)
        {
            await commands.DisposeAsync();
        }

        var connection = (SqliteConnection)Connection;
        var file = connection.DataSource;
        await Connection.DisposeAsync();
        // Release pooled handles of this file only (other test classes keep theirs), then remove the temp folder.
        SqliteConnection.ClearPool(connection);
        Directory.Delete(Path.GetDirectoryName(file)!, recursive: true);
    }
}
