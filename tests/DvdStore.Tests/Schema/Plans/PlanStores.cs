using DvdStore.Tests.Loader;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// One 10MB store (seed 3) per engine, loaded on first use and shared by the plan guards and the cross-engine
/// comparison, which only read. 10MB because plans are only meaningful on a store whose tables are big enough for
/// a scan to cost what it costs in a benchmark: 200,000 reviews, 4.1 million helpfulness rows, 20,000 customers.
/// Same size and seed give identical rows on every engine (the loader's fingerprint test), so outputs must match.
/// </summary>
public sealed class PlanStores : IAsyncLifetime
{
    private readonly Dictionary<EngineKind, Lazy<Task<LoaderDatabase>>> _stores = new()
    {
        [EngineKind.Sqlite] = new(() => LoadAsync(EngineKind.Sqlite)),
        [EngineKind.PostgreSql] = new(() => LoadAsync(EngineKind.PostgreSql)),
        [EngineKind.MySql] = new(() => LoadAsync(EngineKind.MySql)),
    };

    /// <summary>The engine's loaded store (loads it the first time; skips when its test server is not configured).</summary>
    public async Task<StoreTarget> TargetAsync(EngineKind kind)
    {
        // Reaching the server first turns a missing one into a skip (or a failure where servers are required).
        _ = Infrastructure.TestServers.Target(kind);
        return (await _stores[kind].Value).Target;
    }

    public Task InitializeAsync() => Task.CompletedTask;

    public async Task DisposeAsync()
    {
        foreach (var store in _stores.Values.Where(s => s.IsValueCreated))
        {
            try
            {
                await (await store.Value).DisposeAsync();
            }
            catch (Exception)
            {
                // A load that failed has already failed its tests; nothing left to drop.
            }
        }
    }

    private static async Task<LoaderDatabase> LoadAsync(EngineKind kind)
    {
        var database = await LoaderDatabase.CreateAsync(kind);
        await StoreLoader.LoadAsync(database.Target, TestStore.TenMegabytes.Load(2), null, CancellationToken.None);
        // A driver is a process of its own and opens fresh connections; in the test host SQLite's pool could hand the
        // plan guard a connection the loader opened before its ANALYZE, whose cached statistics can differ (CI once saw
        // BROWSE_BY_CATEGORY scan PRODUCTS right after the load, never later).
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        return database;
    }
}

/// <summary>The tests that share <see cref="PlanStores"/>: one load per engine for all of them.</summary>
[CollectionDefinition(Name)]
public sealed class PlanStoreCollection : ICollectionFixture<PlanStores>
{
    public const string Name = "10MB stores for plans";
}
