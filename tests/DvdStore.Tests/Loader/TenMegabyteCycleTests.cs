namespace DvdStore.Tests.Loader;

/// <summary>
/// Issue 3's "done when" at the size it names: a 10MB store (seed 3) loaded once per engine on real SQLite, MariaDB
/// and PostgreSQL, each in its own database. Every load must give the fingerprint the generators alone give, so the
/// three engines hold identical stores; the store verifies; a few purchases change it; reset brings the fingerprint
/// back and verify passes again. One load per engine keeps it as short as a 10MB store allows.
/// </summary>
public sealed class TenMegabyteCycleTests
{
    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_10MB_store_loads_to_the_reference_fingerprint_verifies_and_resets_after_purchases(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;

        var report = await database.LoadAsync(TestStore.TenMegabytes.Load(2));
        Assert.Equal(TestStore.TenMegabytes.Reference.Detail, report.Fingerprint.Detail);
        Assert.Equal(TestStore.TenMegabytes.Reference.Value, report.Fingerprint.Value);
        await database.AssertVerifiesAsync();

        var orders = await PurchaseAsync(target);
        var changed = await database.CompareWithLoadAsync();
        Assert.False(changed.Matches);
        Assert.Contains("ORDERS", changed.DifferingTables);

        var reset = await StoreReset.ResetAsync(target, new ResetOptions(FullFingerprint: true), null, CancellationToken.None);
        Assert.True(reset.Check.Matches, string.Join(", ", reset.Check.Differing));
        Assert.True(reset.Fingerprint!.Matches, string.Join(", ", reset.Fingerprint.DifferingTables));
        Assert.Equal(TestStore.TenMegabytes.Reference.Value, reset.Fingerprint.Current.Value);
        Assert.Equal(orders, reset.Deleted["ORDERS"]);
        Assert.True(reset.InventoryRestored >= 1);
        await database.AssertVerifiesAsync();
    }

    /// <summary>Three committed orders by loaded customers.</summary>
    private static async Task<int> PurchaseAsync(StoreTarget target)
    {
        CartItem[][] carts = [[new(3, 2), new(7, 1)], [new(500, 1)], [new(42, 3), new(9_000, 1)]];
        await using var connection = await target.OpenAsync(CancellationToken.None);
        await using var commands = target.Engine.CreateStoreCommands(connection);
        var customer = 11L;
        foreach (var items in carts)
        {
            var net = items.Sum(i => i.Quantity) * 12.99m;
            var orderId = await commands.PurchaseAsync(new PurchaseRequest(customer++, net, 0m, net, items), CancellationToken.None);
            Assert.True(orderId > 0, $"purchase of {items.Length} items was rolled back on {target.Engine.DisplayName}");
        }

        return carts.Length;
    }
}
