using DvdStore.Loader.Pipeline;
using DvdStore.Loader.Store;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Sizing;

namespace DvdStore.Tests.Loader;

/// <summary>
/// Issue 3's "done when" at the size it names: a 10MB store (seed 3) loaded once per engine on real SQLite, MariaDB
/// and PostgreSQL, each in its own database. Every load must give the fingerprint the generators alone give, so the
/// three engines hold identical stores; the store verifies; a few purchases change it; reset brings the fingerprint
/// back and verify passes again. One load per engine keeps it as short as a 10MB store allows.
/// </summary>
public sealed class TenMegabyteCycleTests
{
    private const ulong Seed = 3;
    private static readonly StoreSize Size = StoreSize.Parse("10MB");
    private static readonly Lazy<StoreFingerprint> Reference = new(() => ReferenceFingerprint.Of(Seed, Size));

    [SkippableTheory]
    [InlineData(EngineKind.Sqlite)]
    [InlineData(EngineKind.MySql)]
    [InlineData(EngineKind.PostgreSql)]
    public async Task A_10MB_store_loads_to_the_reference_fingerprint_verifies_and_resets_after_purchases(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;

        var report = await StoreLoader.LoadAsync(target, new LoadOptions(Size, Seed, 2), null, CancellationToken.None);
        Assert.Equal(Reference.Value.Detail, report.Fingerprint.Detail);
        Assert.Equal(Reference.Value.Value, report.Fingerprint.Value);
        AssertPasses(await StoreVerifier.VerifyAsync(target, CancellationToken.None));

        var orders = await PurchaseAsync(target);

        var reset = await StoreReset.ResetAsync(target, new ResetOptions(FullFingerprint: true), null, CancellationToken.None);
        Assert.True(reset.Check.Matches, string.Join(", ", reset.Check.Differing));
        Assert.True(reset.Fingerprint!.Matches, string.Join(", ", reset.Fingerprint.DifferingTables));
        Assert.Equal(Reference.Value.Value, reset.Fingerprint.Current.Value);
        Assert.Equal(orders, reset.Deleted["ORDERS"]);
        Assert.True(reset.InventoryRestored >= 1);
        AssertPasses(await StoreVerifier.VerifyAsync(target, CancellationToken.None));
    }

    /// <summary>Three committed orders by loaded customers; the store's fingerprint must then differ from the loaded one.</summary>
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

        var changed = await FingerprintComparison.ReadAsync(connection, await StoreInfo.ReadAsync(connection, CancellationToken.None), CancellationToken.None);
        Assert.False(changed.Matches);
        Assert.Contains("ORDERS", changed.DifferingTables);
        return carts.Length;
    }

    private static void AssertPasses(VerifyReport report) =>
        Assert.True(report.Passed, string.Join("; ", report.Failures.Select(f => $"{f.Name}: {f.Detail}")));
}
