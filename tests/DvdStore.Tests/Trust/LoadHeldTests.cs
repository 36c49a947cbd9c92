using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Load held: 200 users from one driver process against PostgreSQL, with no pool size in the connection string (the
/// driver sizes Npgsql's pool, whose default of 100 would starve half of them). Every user completes orders, nothing
/// fails, and the store holds exactly the orders the driver counted. Memory over minutes is scripts/soak.sh's job.
/// </summary>
[Collection(LoadHeldCollection.Name)]
public sealed class LoadHeldTests
{
    private const int Users = 200;

    [SkippableFact]
    public async Task Two_hundred_users_from_one_driver_all_complete_orders_and_nothing_is_lost()
    {
        await using var store = await TrustRuns.CreateStoreAsync(EngineKind.PostgreSql);
        Assert.False(PoolSizing.SetsMaximum(store.Target.ConnectionString), "the test server's connection string must leave the pool size to the driver");
        var before = await StoreLedger.ReadAsync(store.Target);
        var settings = TrustRuns.Settings(store.Target, TimeSpan.FromSeconds(20), users: Users, seed: Users) with { LogFrequencySeconds = 5 };

        var (outcome, text) = await CompletedRun.RunAsync(settings);

        var result = outcome.Result;
        Assert.Equal(Users, result.Totals.Users);
        // No warm-up: the per-user counts cover the measured phase (and the orders users finish after its end).
        Assert.True(result.Totals.MinUserOrders > 0, $"a user completed no order (min {result.Totals.MinUserOrders}, median {result.Totals.MedianUserOrders}, max {result.Totals.MaxUserOrders})\n{text}");
        Assert.Equal(0, result.Totals.Errors);
        Assert.DoesNotContain(result.Findings, static f => f.Code is "errors" or "users-stopped" or "fatal");
        Assert.True(result.CrossCheck!.Matches, text);
        Assert.Equal(0, result.CrossCheck.InDoubt);
        await StoreLedger.AssertExactAsync(store.Target, before, StoreLedger.OrdersHeld(result.CrossCheck));
    }
}
