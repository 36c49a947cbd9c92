using DvdStore.Loader.Pipeline;
using DvdStore.Loader.Store;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Sizing;

namespace DvdStore.Contract.Checks;

/// <summary>`dvdstore reset` on a store the real loader built: a run's writes removed, the loaded fingerprint back.</summary>
internal static class ResetChecks
{
    public static async Task Reset_after_a_run_returns_a_loaded_store_to_its_fingerprint(ContractSession session, CancellationToken cancellationToken)
    {
        var target = new StoreTarget(session.Engine, session.ConnectionString);
        var load = await StoreLoader.LoadAsync(target, new LoadOptions(new StoreSize(1, SizeUnit.MB), DropExisting: true, Threads: 1), null, cancellationToken);

        await using (var db = await session.OpenAsync(cancellationToken))
        {
            if (session.AfterBuild is not null)
            {
                await session.AfterBuild(db, cancellationToken);
            }

            // A short run's worth of every kind of write the driver makes.
            await using var commands = session.Engine.CreateStoreCommands(db);
            var customer = await commands.NewCustomerAsync(NewCustomer("checkuser1"), cancellationToken);
            Expect.True(customer > 0, "NEW_CUSTOMER returned 0 on the loaded store");
            Expect.True(await commands.PurchaseAsync(new PurchaseRequest(customer, 9.99m, 0.82m, 10.81m, [new CartItem(1, 1), new CartItem(2, 2)]), cancellationToken) > 0, "PURCHASE returned 0 on the loaded store");
            var review = await commands.NewProdReviewAsync(1, 5, customer, "Check", "A review written by dvdstore check", cancellationToken);
            await commands.NewReviewHelpfulnessAsync(review, customer, 3, cancellationToken);
            await commands.NewMemberAsync(customer, 1, cancellationToken);
        }

        var reset = await StoreReset.ResetAsync(target, new ResetOptions(FullFingerprint: true), null, cancellationToken);

        Expect.True(reset.Deleted["ORDERS"] == 1, $"reset removed {reset.Deleted["ORDERS"]} orders, expected the run's 1");
        Expect.True(reset.Deleted["CUSTOMERS"] == 1, $"reset removed {reset.Deleted["CUSTOMERS"]} customers, expected the run's 1");
        Expect.True(reset.Check.Matches, "after reset the key ranges the run touched differ from the loaded ones");
        Expect.NotNull(reset.Fingerprint);
        Expect.True(reset.Fingerprint!.Matches, $"after reset the fingerprint differs from the loaded one in {string.Join(", ", reset.Fingerprint.DifferingTables)}");
        session.Note($"1MB store loaded in {load.Total.TotalSeconds:0.0} s, reset in {reset.Elapsed.TotalSeconds:0.0} s");

        await using var cleanup = await session.OpenAsync(cancellationToken);
        await session.Engine.DropAsync(cleanup, cancellationToken);
    }
}
