using System.Collections.Concurrent;
using System.Diagnostics;

namespace DvdStore.Tests.Driver;

/// <summary>
/// Real rate runs (<c>run --rate</c>): the driver delivers the starts its schedule offers, and a server frozen by a held
/// lock shows in the latency of every order scheduled during the freeze, where the closed loop hides it. The delivered
/// rate is checked against the schedule's own starts (the driver's part); the schedule's rate against the target is
/// checked over 200,000 starts in <see cref="ArrivalScheduleTests"/>, since a Poisson count over a short window varies
/// by more than 2 % on its own (600 OPM over 60 s: ±4 % at one standard deviation).
/// </summary>
public sealed class RateRunTests
{
    private static readonly TimeSpan Freeze = TimeSpan.FromSeconds(3);

    /// <summary>Enough users to keep up with 6,000 OPM at 60 ms per order (a busy shared machine's PostgreSQL), with room.</summary>
    private const int Users = 12;

    [SkippableTheory]
    [InlineData(EngineKind.Sqlite, 600)]
    [InlineData(EngineKind.Sqlite, 6000)]
    [InlineData(EngineKind.PostgreSql, 600)]
    [InlineData(EngineKind.PostgreSql, 6000)]
    public async Task A_rate_run_delivers_the_starts_its_schedule_offers(EngineKind kind, double opm)
    {
        await using var store = await DriverTestStore.CreateAsync(kind);
        var settings = DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(15), TimeSpan.FromSeconds(2)) with { UsersPerTarget = Users, TargetOpm = opm };

        var run = await CompletedRun.RunAsync(settings);
        var open = run.Result.OpenLoop;

        Assert.NotNull(open);
        Assert.Equal(opm, open.TargetOpm);
        var serverCpu = run.Result.ServerMetrics?.Average.CpuPercent;
        if (open.Limit == "server" && serverCpu >= ServerMetricsFindings.BusyServerPercent)
        {
            // The shared test machine's other work saturated the server's CPUs (6,000 OPM on PostgreSQL at load 40+):
            // the driver cannot deliver then, and must say that the server, not it, was the limit.
            Assert.Contains(run.Result.Findings, static f => f.Code == "rate-not-delivered" && f.Message.Contains("the server is the limit", StringComparison.Ordinal));
        }
        else
        {
            // Delivered: at least 98 % of the scheduled starts but for one order per user still in flight at the end, and more
            // only by catching up starts already owed when the window began (a slow warm-up on a busy machine): never early.
            var scheduled = open.ScheduledOrders;
            var orders = run.Result.Totals.Orders;
            Assert.True(orders + Users >= 0.98 * scheduled && orders <= (1.02 * scheduled) + open.StartBacklog + Users, $"{orders} orders, {scheduled} scheduled, {open.StartBacklog} owed at the start\n{run.Output}");
            Assert.DoesNotContain(run.Result.Findings, static f => f.Code == "rate-not-delivered");
        }

        // The schedule's starts in the window: a Poisson count, within four standard deviations of the target's.
        var expected = opm * run.Result.Totals.MeasuredSeconds / 60;
        Assert.InRange(open.ScheduledOpm * run.Result.Totals.MeasuredSeconds / 60, expected - (4 * Math.Sqrt(expected)), expected + (4 * Math.Sqrt(expected)));
        // An order ending at the window's edge may be counted on one side and timed on the other: the controller reads the
        // counters and then the latencies, and on a busy machine it may be descheduled in between (100 ms is 10 orders at 6,000 OPM).
        Assert.InRange(open.Latency.Count, Skew(run.Result.Totals.Orders, -1), Skew(run.Result.Totals.Orders, 1));
        Assert.Equal(open.Latency.Count, open.ServiceTime.Count);
        Assert.True(open.Latency.P50Ms >= open.ServiceTime.P50Ms && open.Latency.MaxMs >= open.ServiceTime.MaxMs, run.Output);
        Assert.Contains("open loop: target", run.Output, StringComparison.Ordinal);
        Assert.Equal(opm.ToString(CultureInfo.InvariantCulture), run.Result.Parameters["rate"]);
        var measured = run.Result.Intervals.Where(static i => i.Measured).ToList();
        Assert.NotEmpty(measured);
        Assert.All(measured, i =>
        {
            Assert.Equal(opm, i.TargetOpm);
            Assert.NotNull(i.Backlog);
        });

        // Each interval's latencies are its orders'; a controller descheduled between reading the two moves orders to the
        // next interval in one and not yet in the other, so the sum over the window is compared.
        Assert.InRange(measured.Sum(static i => HistogramCodec.Decode(i.LatencyHistogram!).TotalCount), Skew(measured.Sum(static i => i.Orders), -1), Skew(measured.Sum(static i => i.Orders), 1));

        var read = await RunResultReader.ReadAsync(run.Outcome.ResultPath, CancellationToken.None);
        Assert.Equal(open.Latency.P99Ms, read.OpenLoop!.Latency.P99Ms);
        Assert.Equal(measured[0].LatencyP99Ms, read.Intervals.First(static i => i.Measured).LatencyP99Ms);
    }

    [Fact]
    public async Task A_frozen_server_shows_in_every_order_scheduled_during_the_freeze_and_the_closed_loop_hides_it()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.PostgreSql);
        var orders = new ConcurrentQueue<(long Scheduled, long End)>();
        var firstOrder = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var rate = DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(10), TimeSpan.FromSeconds(1)) with
        {
            // Enough users to keep up outside the freeze even at 300 ms an order (a shared machine at load 70): 1,600 OPM.
            UsersPerTarget = 8,
            TargetOpm = 1200,
            OrderTimesObserver = (scheduled, _, end) =>
            {
                orders.Enqueue((scheduled, end));
                firstOrder.TrySetResult();
            },
        };

        var (rateRun, (frozenFrom, frozenTo)) = await RunWithFreezeAsync(store.Target, rate, firstOrder.Task);

        // Every order scheduled while the lock was held ended after it was released: the wait is in its latency.
        var inFreeze = orders.Where(o => o.Scheduled >= frozenFrom && o.Scheduled <= frozenTo).ToList();
        Assert.True(inFreeze.Count >= 15, $"{inFreeze.Count} orders scheduled in the freeze\n{rateRun.Output}");
        Assert.All(inFreeze, o => Assert.True(o.End >= frozenTo, "an order scheduled in the freeze ended before the server came back"));
        var open = rateRun.Result.OpenLoop!;

        // The freeze's orders wait from their scheduled start to its end: 0..3 s, spread evenly over the freeze, so the
        // 1 % slowest of the window's orders are the first of the freeze and wait the freeze less 1 % of the window (10 s):
        // 2.9 s; 2.7 s allows for the Poisson gaps before the first starts of the freeze (50 ms each on average at 1,200 OPM).
        Assert.True(open.Latency.P99Ms >= 0.9 * Freeze.TotalMilliseconds, $"rate run p99 {open.Latency.P99Ms} ms\n{rateRun.Output}");
        Assert.True(open.Latency.MaxMs >= open.ServiceTime.MaxMs);

        // The closed loop counts the freeze once per user (its one blocked order), whatever the freeze's length: its share
        // of the orders is one order time over the run (under 1 % at up to 170 ms an order over 20 s), so its p99 is far less.
        var closed = DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(20), TimeSpan.FromSeconds(1)) with { UsersPerTarget = 1, AllowUsedStore = true };
        var closedRun = await RunWithFreezeAsync(store.Target, closed, Task.Delay(TimeSpan.FromSeconds(1)));
        var closedOrders = closedRun.Run.Result.OrderResponse;

        Assert.Null(closedRun.Run.Result.OpenLoop);
        Assert.True(closedOrders.MaxMs >= 0.8 * Freeze.TotalMilliseconds, $"the closed loop's slowest order {closedOrders.MaxMs} ms did not wait for the freeze\n{closedRun.Run.Output}");
        Assert.True(closedOrders.P99Ms < Freeze.TotalMilliseconds / 4, $"closed loop p99 {closedOrders.P99Ms} ms\n{closedRun.Run.Output}");
        var slow = (long)(Freeze.TotalMilliseconds * 1000 / 2);
        Assert.True(HistogramCodec.Decode(closedOrders.Histogram).RecordedValues().Where(v => v.ValueIteratedTo >= slow).Sum(static v => v.CountAddedInThisIterationStep) <= 1, "the closed loop had more than its one user's order in the freeze");
    }

    /// <summary>An order count give or take what may end while the controller reads counters and latencies apart: one per user and 2 %.</summary>
    private static double Skew(long orders, int sign) => orders + (sign * (Users + (0.02 * orders)));

    /// <summary>
    /// Runs the driver; 3 s after <paramref name="started"/> another connection takes an exclusive lock on CUSTOMERS (the
    /// first call of every order reads or adds a customer) and holds it for the freeze. Returns the run and when the
    /// lock was held (Stopwatch timestamps: from when it was granted to just before its release).
    /// </summary>
    private static async Task<(CompletedRun Run, (long From, long To) Frozen)> RunWithFreezeAsync(StoreTarget target, RunSettings settings, Task started)
    {
        async Task<(long, long)> FreezeAsync()
        {
            await started;
            await Task.Delay(TimeSpan.FromSeconds(3));
            await using var connection = await target.OpenAsync(CancellationToken.None);
            await using var transaction = await connection.BeginTransactionAsync();
            await using (var lockTable = connection.Command("LOCK TABLE CUSTOMERS IN ACCESS EXCLUSIVE MODE", transaction))
            {
                await lockTable.ExecuteNonQueryAsync();
            }

            var from = Stopwatch.GetTimestamp();
            await Task.Delay(Freeze);
            var to = Stopwatch.GetTimestamp();
            await transaction.CommitAsync();
            return (from, to);
        }

        var freeze = FreezeAsync();
        var run = await CompletedRun.RunAsync(settings);
        return (run, await freeze);
    }
}
