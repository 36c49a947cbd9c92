using System.Diagnostics;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Workload;
using DvdStore.Tests.Trust;

namespace DvdStore.Tests.Driver;

/// <summary>
/// A virtual user's reconnect (RetryPolicy's Polly pipeline): a lost connection is re-opened and counted once and a
/// read repeated; a change is abandoned, not repeated; a database down longer than db_down_limit ends the run in one
/// line; cancellation ends the waiting at once.
/// </summary>
public sealed class ReconnectTests
{
    private static readonly RetryPolicy Fast = new()
    {
        FirstReconnectDelay = TimeSpan.FromMilliseconds(10),
        MaxReconnectDelay = TimeSpan.FromMilliseconds(100),
        DatabaseDownLimit = TimeSpan.FromSeconds(1),
    };

    [Fact]
    public async Task A_lost_connection_is_reopened_counted_once_and_a_read_repeated()
    {
        var (user, shard) = User(EngineCatalog.FileEngine, "Data Source=:memory:");
        var calls = 0;

        var read = await user.CallAsync(TransactionKind.Browse, (_, _) => ++calls == 1 ? throw new LostConnectionException("gone") : Task.FromResult(42), CancellationToken.None);

        Assert.Equal(42, read.Value);
        Assert.Equal(2, calls);
        Assert.Equal(1, Reconnects(shard));
    }

    [Fact]
    public async Task A_change_whose_connection_was_lost_is_abandoned_not_repeated()
    {
        var (user, shard) = User(EngineCatalog.FileEngine, "Data Source=:memory:");
        var calls = 0;

        var failed = await Assert.ThrowsAsync<OrderFailedException>(() =>
            user.CallAsync<int>(TransactionKind.Purchase, (_, _) => { calls++; throw new LostConnectionException("gone"); }, CancellationToken.None).AsTask());

        Assert.True(failed.ConnectionLost);
        Assert.Equal(1, calls);
        Assert.Equal(1, Reconnects(shard));
    }

    [Fact]
    public async Task A_database_down_longer_than_the_limit_ends_the_run_in_one_line()
    {
        var (user, shard) = User(EngineCatalog.Default, "Host=127.0.0.1;Port=1;Username=nobody;Database=nothing;Timeout=1");
        var started = Stopwatch.GetTimestamp();

        var fatal = await Assert.ThrowsAsync<DriverFatalException>(() =>
            user.CallAsync<int>(TransactionKind.Browse, static (_, _) => throw new LostConnectionException("gone"), CancellationToken.None).AsTask());

        Assert.Contains("unreachable for more than 1 s (gone); run stopped.", fatal.Message, StringComparison.Ordinal);
        Assert.DoesNotContain('\n', fatal.Message);
        Assert.True(Stopwatch.GetElapsedTime(started) >= Fast.DatabaseDownLimit, "gave up before db_down_limit");
        Assert.Equal(0, Reconnects(shard));
    }

    [Fact]
    public async Task Cancellation_ends_the_reconnect_at_once()
    {
        var patient = Fast with { DatabaseDownLimit = TimeSpan.FromMinutes(10) };
        var (user, _) = User(EngineCatalog.Default, "Host=127.0.0.1;Port=1;Username=nobody;Database=nothing;Timeout=1", patient);
        using var cancel = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));
        var started = Stopwatch.GetTimestamp();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() =>
            user.CallAsync<int>(TransactionKind.Browse, static (_, _) => throw new LostConnectionException("gone"), cancel.Token).AsTask());

        Assert.True(Stopwatch.GetElapsedTime(started) < TimeSpan.FromSeconds(30), "the reconnect did not stop when cancelled");
    }

    private static (VirtualUser User, MetricsShard Shard) User(IEngine engine, string connection, RetryPolicy? retry = null)
    {
        var shard = new MetricsShard(0);
        var target = new StoreTarget(new FaultyEngine(engine, new PurchaseFaults(1)), connection);
        return (new VirtualUser(1, 0, target, shard, retry ?? Fast, new WorkloadSettings(), new WeightedProducts(100), seed: 3), shard);
    }

    private static long Reconnects(MetricsShard shard)
    {
        var totals = new CounterTotals();
        shard.AddCountersTo(totals);
        return totals.Reconnects;
    }
}
