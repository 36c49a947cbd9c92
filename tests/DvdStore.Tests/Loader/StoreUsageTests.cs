namespace DvdStore.Tests.Loader;

/// <summary>
/// The rows earlier runs left above the load, as a run reads them before its users start (issue 27): nothing on a
/// store as loaded, each kind of run-time row counted after the changes a run makes, nothing again after a reset.
/// </summary>
public sealed class StoreUsageTests
{
    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_store_reads_as_loaded_then_used_then_as_loaded_after_reset(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        await database.LoadAsync(TestStore.Smallest.Load(2));
        Assert.True((await ReadAsync(target)).AsLoaded);

        await StoreLoaderTests.ChangeTheStoreAsync(target);
        var used = await ReadAsync(target);
        Assert.False(used.AsLoaded);
        Assert.Equal((3, 1, 1, 1, 1), (used.Orders, used.Customers, used.Reviews, used.Ratings, used.Memberships));
        Assert.True(used.Reorders >= 1, $"the low-stock purchase re-ordered nothing: {used}");
        Assert.Contains("3 orders", used.Describe(), StringComparison.Ordinal);

        await StoreReset.ResetAsync(target, CancellationToken.None);
        var reset = await ReadAsync(target);
        Assert.True(reset.AsLoaded, reset.ToString());
        Assert.Equal("nothing", reset.Describe());
    }

    private static async Task<StoreUsage> ReadAsync(StoreTarget target)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        return await StoreUsage.ReadAsync(target.Engine, connection, CancellationToken.None) ?? throw new InvalidOperationException("the loaded store records no baseline");
    }
}
