using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>Shared pieces of the trust tests: a store whose stock really meets the floor, and short run settings.</summary>
internal static class TrustRuns
{
    /// <summary>
    /// The driver's 1MB test store with every 5th product (PROD_ID mod 5 = 2) lowered to 5 in stock, so purchases meet
    /// the re-order floor within seconds (the products with PROD_ID mod 5 = 0 are loaded at 1, below the floor).
    /// </summary>
    public static async Task<DriverTestStore> CreateStoreAsync(StoreTarget server)
    {
        var store = await DriverTestStore.CreateAsync(server);
        await using var connection = await store.Target.OpenAsync(CancellationToken.None);
        await connection.ExecuteAsync("UPDATE INVENTORY SET QUAN_IN_STOCK = 5 WHERE MOD(PROD_ID, 5) = 2", CancellationToken.None);
        return store;
    }

    public static Task<DriverTestStore> CreateStoreAsync(EngineKind kind) => CreateStoreAsync(TestServers.Target(kind));

    /// <summary>The driver tests' short run with <paramref name="users"/> users starting at once, without warm-up, reconnecting for up to 30 s.</summary>
    public static RunSettings Settings(StoreTarget target, TimeSpan? run, int users = 4, long seed = 7) =>
        DriverTestStore.ShortRun(target, run, TimeSpan.Zero) with
        {
            UsersPerTarget = users,
            RampRate = 1000,
            Seed = seed,
            StopGrace = TimeSpan.FromSeconds(10),
            Retry = new RetryPolicy { DatabaseDownLimit = TimeSpan.FromSeconds(30), MaxReconnectDelay = TimeSpan.FromSeconds(1) },
        };

    /// <summary>The connection string with one more keyword.</summary>
    public static StoreTarget With(StoreTarget target, string key, string value)
    {
        var builder = new DbConnectionStringBuilder { ConnectionString = target.ConnectionString };
        builder[key] = value;
        return target with { ConnectionString = builder.ConnectionString };
    }
}
