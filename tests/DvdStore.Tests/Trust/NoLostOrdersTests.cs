using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>
/// Repeated short driver runs on PostgreSQL and MariaDB lose and invent nothing: the orders, order lines and history
/// rows the database gained are exactly the driver's committed orders with their lines, SALES grew by exactly the new
/// lines' quantities, and no purchase took stock below the re-order floor (or below zero).
/// </summary>
public sealed class NoLostOrdersTests
{
    [SkippableTheory]
    [ServerEngines]
    public async Task Repeated_runs_leave_exactly_the_committed_orders_and_their_sales(EngineKind kind)
    {
        await using var store = await TrustRuns.CreateStoreAsync(kind);
        var before = await StoreLedger.ReadAsync(store.Target);
        long committed = 0;
        for (var run = 1; run <= 3; run++)
        {
            // A series on one store, on purpose (each run's orders add to the ledger): the later runs measure the used store.
            var (outcome, output) = await CompletedRun.RunAsync(TrustRuns.Settings(store.Target, TimeSpan.FromSeconds(2), users: 6, seed: run) with { AllowUsedStore = run > 1 });
            Assert.True(outcome.Result.CrossCheck!.Matches, output);
            Assert.True(outcome.Result.CrossCheck.DriverCommitted > 0, output);
            // Every user kept completing orders, and the driver reported its memory.
            Assert.True(outcome.Result.Totals.MinUserOrders > 0, output);
            Assert.True(outcome.Result.Totals.MinUserOrders <= outcome.Result.Totals.MedianUserOrders && outcome.Result.Totals.MedianUserOrders <= outcome.Result.Totals.MaxUserOrders);
            Assert.True(outcome.Result.Totals.WorkingSetEndBytes > 0 && outcome.Result.Totals.GcHeapEndBytes > 0);
            committed += StoreLedger.OrdersHeld(outcome.Result.CrossCheck);
        }

        await StoreLedger.AssertExactAsync(store.Target, before, committed);
        var after = await StoreLedger.ReadAsync(store.Target);
        // The floor was really met: some product loaded at 5 sold more than the 2 it could give above the floor.
        Assert.Contains(after.Inventory, p => before.Inventory[p.Key].Stock == 5 && p.Value.Sales - before.Inventory[p.Key].Sales > 2);
    }
}
