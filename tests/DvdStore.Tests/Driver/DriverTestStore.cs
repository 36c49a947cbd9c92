using DvdStore.Schema.Vocabulary;
using DvdStore.Tests.Loader;

namespace DvdStore.Tests.Driver;

/// <summary>
/// A complete 1MB store (2,000 customers "user1".."user2000", 1,000 products, 20 reviews each, ratings) for driver runs,
/// built through the engine's phases and bulk writer in a database of its own (SQLite: a temp file; MariaDB and
/// PostgreSQL: a fresh database, dropped afterwards). Every 5th product starts with 1 in stock so purchases roll back.
/// </summary>
internal sealed class DriverTestStore : IAsyncDisposable
{
    /// <summary>The size whose row counts this store has: the smallest, as the loader tests' store.</summary>
    public static readonly StoreSize Size = TestStore.Smallest.Size;

    private readonly string? database;
    private readonly string? serverConnection;

    private DriverTestStore(StoreTarget target, string? database, string? serverConnection)
    {
        Target = target;
        this.database = database;
        this.serverConnection = serverConnection;
    }

    public StoreTarget Target { get; }

    public static Task<DriverTestStore> CreateAsync(EngineKind kind) => CreateAsync(TestServers.Target(kind));

    /// <summary>Builds the store on the given server (a fresh database there; SQLite: the given file).</summary>
    public static async Task<DriverTestStore> CreateAsync(StoreTarget server)
    {
        DriverTestStore store;
        if (server.Engine.Kind == EngineKind.Sqlite)
        {
            store = new DriverTestStore(server, null, null);
        }
        else
        {
            var name = "dvd_drv_" + Guid.NewGuid().ToString("N")[..12];
            await using (var admin = await server.OpenAsync(CancellationToken.None))
            {
                await using var create = admin.Command($"CREATE DATABASE {name}");
                await create.ExecuteNonQueryAsync();
            }

            var builder = new DbConnectionStringBuilder { ConnectionString = server.ConnectionString };
            builder["Database"] = name;
            store = new DriverTestStore(server with { ConnectionString = builder.ConnectionString }, name, server.ConnectionString);
        }

        await store.BuildAsync();
        return store;
    }

    /// <summary>
    /// A short run against <paramref name="target"/> (such a store, or one reached under other settings: a capped role,
    /// a timeout, injected faults): 3 users ramping at 100 a second, seed 42, a log line a second, results in the suite's
    /// temp folder.
    /// </summary>
    public static RunSettings ShortRun(StoreTarget target, TimeSpan? run, TimeSpan warmup) => new()
    {
        Targets = [target],
        UsersPerTarget = 3,
        RampRate = 100,
        RunTime = run,
        Warmup = warmup,
        DbSize = Size,
        LogFrequencySeconds = 1,
        OutputDirectory = Path.GetDirectoryName(TestServers.TempFile("x"))!,
        Seed = 42,
    };

    public async Task<long> CountAsync(string table)
    {
        await using var connection = await Target.OpenAsync(CancellationToken.None);
        await using var command = connection.Command($"SELECT COUNT(*) FROM {table}");
        return Convert.ToInt64(await command.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
    }

    private async Task BuildAsync()
    {
        var engine = Target.Engine;
        var counts = RowCounts.For(Size);
        var date = new DateTime(2013, 6, 1);
        await using var connection = await Target.OpenAsync(CancellationToken.None);
        await engine.CreateAsync(connection, SchemaPhase.Tables, CancellationToken.None);

        // The lease's table, as the loader's lease makes it: runs under a role that may not create tables find it there.
        await connection.EnsureTableAsync(StoreModel.StoreLease.Name, engine.CreateTableSql(StoreModel.StoreLease), CancellationToken.None);
        await LoadAsync(connection, StoreModel.Customers, Range(counts.Customers).Select(i => new object?[]
        {
            i, "FIRST" + i, "LAST" + i, "1 MAIN ST", null, "CITY", i % 2 == 0 ? "CA" : null, "01234", i % 2 == 0 ? "US" : "France", (short)(i % 2 == 0 ? 1 : 2),
            null, null, 1, "1234567812345678", "2015/01", "user" + i, "password", (short)30, 40000, "F",
        }));
        await LoadAsync(connection, StoreModel.Products, Range(counts.Products).Select(i => new object?[]
        {
            (int)i, (short)(1 + (i % 16)), MovieWords.All[(int)(i % MovieWords.All.Count)] + " " + MovieWords.All[(int)((i * 7) % MovieWords.All.Count)],
            ActorNames.FirstNames[(int)(i % ActorNames.FirstNames.Count)] + " " + ActorNames.LastNames[(int)((i * 3) % ActorNames.LastNames.Count)],
            9.99m + (i % 20), (short)(i % 10 == 0 ? 1 : 0), (int)(i % counts.Products) + 1, (short)0,
        }));
        await LoadAsync(connection, StoreModel.Inventory, Range(counts.Products).Select(i => new object?[] { (int)i, i % 5 == 0 ? 1 : 100_000, 0 }));
        await LoadAsync(connection, StoreModel.Reviews, Range(counts.Reviews).Select(i => new object?[]
        {
            i, (int)((i - 1) / RowCounts.ReviewsPerProduct) + 1, date, (short)(1 + (i % 5)), 1 + (i % counts.Customers), "SUMMARY " + i, "review text " + i,
        }));
        await LoadAsync(connection, StoreModel.ReviewsHelpfulness, Range(counts.Reviews).Select(i => new object?[] { i, i, 1 + ((i * 13) % counts.Customers), (short)(1 + (i % 10)) }));
        await engine.ResetIdentityAsync(connection, StoreModel.Customers, counts.Customers, CancellationToken.None);
        await engine.ResetIdentityAsync(connection, StoreModel.Orders, 0, CancellationToken.None);
        await engine.ResetIdentityAsync(connection, StoreModel.Reviews, counts.Reviews, CancellationToken.None);
        await engine.ResetIdentityAsync(connection, StoreModel.ReviewsHelpfulness, counts.Reviews, CancellationToken.None);
        await engine.CreateAsync(connection, SchemaPhase.Keys, CancellationToken.None);
        await engine.CreateAsync(connection, SchemaPhase.Programmability, CancellationToken.None);
        await engine.AnalyzeAsync(connection, CancellationToken.None);
        await RecordLoadBaselineAsync(connection, counts);
    }

    /// <summary>What the loader records at its end: complete, the as-loaded maxima and the stock, so runs see the store as loaded and reset works.</summary>
    private async Task RecordLoadBaselineAsync(DbConnection connection, RowCounts counts)
    {
        await using (var baseline = connection.Command("INSERT INTO DS_INVENTORY_BASELINE (PROD_ID, QUAN_IN_STOCK, SALES) SELECT PROD_ID, QUAN_IN_STOCK, SALES FROM INVENTORY"))
        {
            await baseline.ExecuteNonQueryAsync();
        }

        await StoreInfo.WriteAsync(Target.Engine, connection, new Dictionary<string, string>
        {
            [StoreInfo.MaxKey("CUSTOMERS")] = counts.Customers.ToString(CultureInfo.InvariantCulture),
            [StoreInfo.MaxKey("ORDERS")] = "0",
            [StoreInfo.MaxKey("REVIEWS")] = counts.Reviews.ToString(CultureInfo.InvariantCulture),
            [StoreInfo.MaxKey("REVIEWS_HELPFULNESS")] = counts.Reviews.ToString(CultureInfo.InvariantCulture),
            [StoreInfo.StateKey] = StoreInfo.Complete,
        }, CancellationToken.None);
    }

    private async Task LoadAsync(DbConnection connection, TableSpec table, IEnumerable<object?[]> rows)
    {
        await using var writer = await Target.Engine.OpenBulkWriterAsync(connection, table, CancellationToken.None);
        foreach (var chunk in rows.Chunk(5_000))
        {
            await writer.WriteAsync(chunk, CancellationToken.None);
        }

        await writer.CompleteAsync(CancellationToken.None);
    }

    private static IEnumerable<long> Range(long count)
    {
        for (long i = 1; i <= count; i++)
        {
            yield return i;
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (database is null)
        {
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            var file = ConnectionStrings.Value(Target.ConnectionString, "Data Source");
            if (file is not null)
            {
                try
                {
                    Directory.Delete(Path.GetDirectoryName(file)!, recursive: true);
                }
                catch (IOException)
                {
                    // Another test class may still hold a pooled handle; the temp folder is left for the OS.
                }
            }

            return;
        }

        // Pooled connections of the virtual users would keep the database busy (PostgreSQL refuses to drop it).
        if (Target.Engine.Kind == EngineKind.PostgreSql)
        {
            Npgsql.NpgsqlConnection.ClearAllPools();
        }
        else
        {
            MySqlConnector.MySqlConnection.ClearAllPools();
        }

        await using var admin = await (Target with { ConnectionString = serverConnection! }).OpenAsync(CancellationToken.None);
        await using var drop = admin.Command($"DROP DATABASE IF EXISTS {database}");
        await drop.ExecuteNonQueryAsync();
    }
}
