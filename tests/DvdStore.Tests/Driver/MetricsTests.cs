using System.Diagnostics;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Workload;

namespace DvdStore.Tests.Driver;

public sealed class MetricsTests
{
    private static long Ms(double ms) => (long)(ms * Stopwatch.Frequency / 1000);

    [Fact]
    public async Task Histograms_recorded_by_many_users_at_once_merge_exactly()
    {
        var metrics = new RunMetrics(targetCount: 2, shardsPerTarget: 3);
        metrics.Start(Stopwatch.GetTimestamp(), warmup: false);
        await Task.WhenAll(Enumerable.Range(0, 8).Select(user => Task.Run(() =>
        {
            var shard = metrics.ShardFor(user / 2, user % 2);
            for (var i = 1; i <= 1_000; i++)
            {
                shard.RecordCall(TransactionKind.Browse, Ms(i % 100 == 0 ? 500 : 2));
                shard.RecordOrder(Ms(10), rolledBack: i % 10 == 0);
            }
        })));
        metrics.TakeInterval(Stopwatch.GetTimestamp());
        var summary = metrics.Summarize(Stopwatch.GetTimestamp());

        Assert.Equal(8_000, summary.Run.Orders);
        Assert.Equal(800, summary.Run.Rollbacks);
        Assert.Equal(4_000, summary.Targets[1].Orders);
        var browse = summary.Transactions.Single(static t => t.Kind == "Browse");
        Assert.Equal(8_000, browse.Count);
        Assert.Equal(8_000, DvdStore.Driver.Results.HistogramCodec.Decode(browse.Histogram).TotalCount);
        Assert.InRange(browse.P50Ms, 1.99, 2.01);
        Assert.InRange(browse.P99Ms, 1.99, 2.01);
        Assert.InRange(browse.P999Ms, 499, 501);
        Assert.InRange(browse.MaxMs, 499, 501);
        Assert.InRange(summary.OrderResponse.P90Ms, 9.99, 10.01);
    }

    /// <summary>
    /// Issue 31: each percentile is read at its own rank. One call of every whole millisecond from 1 to 1,000 ms puts
    /// p50, p90, p95, p99 and p99.9 at five different values (500, 900, 950, 990, 999 ms), so a percentile read at
    /// another's rank (p95 given as p99) cannot pass as it could when they coincided.
    /// </summary>
    [Fact]
    public void Every_percentile_is_read_at_its_own_rank()
    {
        var histogram = DvdStore.Driver.Results.HistogramCodec.Create();
        long total = 0;
        for (var ms = 1; ms <= 1_000; ms++)
        {
            histogram.RecordValue(ms * 1_000L);
            total += ms * 1_000L;
        }

        var stats = StatsBuilder.From("Browse", histogram, 1_000, total, 0);

        // HdrHistogram keeps three significant digits: each within 0.2 %, far closer than the 4 % between neighbours.
        Assert.InRange(stats.P50Ms, 499, 501);
        Assert.InRange(stats.P90Ms, 898, 902);
        Assert.InRange(stats.P95Ms, 948, 952);
        Assert.InRange(stats.P99Ms, 988, 992);
        Assert.InRange(stats.P999Ms, 997, 1_001);
        Assert.InRange(stats.MaxMs, 999, 1_001);
        Assert.Equal(500.5, stats.MeanMs, 3);
    }

    [Fact]
    public void The_warm_up_reset_clears_every_counter_and_histogram()
    {
        var metrics = new RunMetrics(1, 1);
        var start = Stopwatch.GetTimestamp();
        metrics.Start(start, warmup: true);
        var shard = metrics.ShardFor(0, 0);
        shard.RecordCall(TransactionKind.NewReview, Ms(3));
        shard.RecordCall(TransactionKind.NewMember, Ms(3));
        shard.RecordOrder(Ms(3), rolledBack: true);
        var warm = metrics.TakeInterval(start + Ms(1000));
        metrics.ResetPhase(start + Ms(1000));
        shard.RecordCall(TransactionKind.Purchase, Ms(4));
        shard.RecordOrder(Ms(4), rolledBack: false);
        var measured = metrics.TakeInterval(start + Ms(2000));
        var summary = metrics.Summarize(start + Ms(2000));

        Assert.False(warm.Measured);
        Assert.True(measured.Measured);
        Assert.Equal(1, summary.Run.Orders);
        Assert.Equal(0, summary.Run.Rollbacks);
        Assert.Equal(0, summary.Transactions.Single(static t => t.Kind == "NewReview").Count);
        Assert.Equal(0, summary.Transactions.Single(static t => t.Kind == "NewMember").Count);
        Assert.Equal(0, RecordedCalls(summary, "NewReview"));
        Assert.Equal(1, RecordedCalls(summary, "Purchase"));
        Assert.Equal(1, summary.OrderResponse.Count);
        Assert.Equal(60, summary.RunLine.Opm);
        Assert.Equal(4, summary.RunLine.LastNMaxMs);
    }

    [Theory]
    [InlineData(true, 0)] // a warm-up that never ended: its call times, before and after its log line, are not the phase's
    [InlineData(false, 2)] // measuring: a call recorded after the last log line still counts in the summary
    public void Call_times_count_in_the_summary_exactly_when_they_were_recorded_while_measuring(bool warmup, long expected)
    {
        var metrics = new RunMetrics(targetCount: 1, shardsPerTarget: 2);
        var start = Stopwatch.GetTimestamp();
        metrics.Start(start, warmup);
        metrics.ShardFor(userOfTarget: 0, target: 0).RecordCall(TransactionKind.Login, Ms(3));
        metrics.TakeInterval(start + Ms(1000));
        metrics.ShardFor(userOfTarget: 1, target: 0).RecordCall(TransactionKind.Login, Ms(5));
        var summary = metrics.Summarize(start + Ms(1500));

        Assert.Equal(expected, RecordedCalls(summary, "Login"));
    }

    [Fact]
    public void Error_causes_are_counted_by_first_line_most_frequent_first_and_bounded()
    {
        var metrics = new RunMetrics(1, 2);
        var (a, b) = (metrics.ShardFor(0, 0), metrics.ShardFor(1, 0));
        a.RecordError(TransactionKind.Purchase, "Purchase failed: timeout\n   at a stack line");
        for (var i = 0; i < 9; i++)
        {
            b.RecordError(TransactionKind.Purchase, "Purchase failed: timeout");
        }

        b.RecordError(TransactionKind.Login, "Login failed: refused");
        for (var i = 0; i < ErrorCauses.MaxDistinct + 5; i++)
        {
            a.RecordError(TransactionKind.Browse, $"Browse failed: backend {i}");
        }

        var causes = metrics.ErrorCauses.Snapshot();

        // 2 distinct causes, then 18 browse messages fill the map; the last 7 are "other causes".
        Assert.Equal(("Purchase failed: timeout", 10L), (causes[0].Cause, causes[0].Count));
        Assert.Equal(("(other causes)", 7L), (causes[1].Cause, causes[1].Count));
        Assert.Equal(ErrorCauses.MaxDistinct + 1, causes.Count);
        Assert.Equal(ErrorCauses.MaxDistinct + 5 + 11, causes.Sum(static c => c.Count));
        Assert.Equal(ErrorCauses.MaxDistinct + 5 + 11, metrics.ReadCounters()[0].TotalErrors);
    }

    /// <summary>
    /// Issue 31 (a Stryker survivor): each log line's three clocks, the phase's (DS3's elapsed, from the warm-up's end),
    /// the run's and the interval's, and every target's own line, not only the run's.
    /// </summary>
    [Fact]
    public void Each_interval_line_times_the_phase_the_run_and_the_interval_and_gives_each_target_its_own_line()
    {
        var metrics = new RunMetrics(targetCount: 2, shardsPerTarget: 1);
        var start = Stopwatch.GetTimestamp();
        metrics.Start(start, warmup: true);
        var warm = metrics.TakeInterval(start + Ms(1_000));
        metrics.ResetPhase(start + Ms(1_000));
        var (first, second) = (metrics.ShardFor(0, target: 0), metrics.ShardFor(0, target: 1));
        for (var i = 0; i < 3; i++)
        {
            first.RecordOrder(Ms(10), rolledBack: false);
        }

        second.RecordOrder(Ms(40), rolledBack: true);
        var measured = metrics.TakeInterval(start + Ms(3_000));
        var shortLine = metrics.TakeInterval(start + Ms(3_500));
        var summary = metrics.Summarize(start + Ms(4_000));

        Assert.Equal((1.0, 1.0, 1.0), Clocks(warm));
        Assert.Equal((2.0, 3.0, 2.0), Clocks(measured));
        Assert.Equal((2.5, 3.5, 0.5), Clocks(shortLine));
        Assert.Equal(4, measured.IntervalOrders);
        Assert.Equal(0, shortLine.IntervalOrders);
        Assert.Equal((4, 0), (measured.IntervalOrderHistogram.TotalCount, shortLine.IntervalOrderHistogram.TotalCount));
        Assert.Equal(3.0, metrics.PhaseSeconds(start + Ms(4_000)), 9);

        // Over the 2 s since the warm-up's end: 4 orders = 120 opm, 3 of them the first target's, 1 the second's.
        Assert.Equal(new TargetLine(4, 120, 40, 17, 17, 1, 25.0, 3), measured.Run);
        Assert.Equal(new[] { new TargetLine(3, 90, 10, 10, 10, 0, 0.0, 3), new TargetLine(1, 30, 40, 40, 40, 1, 100.0, 0) }, measured.Targets);
        Assert.Equal(2, shortLine.Targets.Count);
        Assert.Equal(0, shortLine.Targets[1].SampledMs); // nothing finished in the short interval
        Assert.Equal(new[] { new TargetLine(3, 60, 10, 10, 0, 0, 0.0, 3), new TargetLine(1, 20, 40, 40, 0, 1, 100.0, 0) }, summary.TargetLines);
        Assert.Equal(new[] { 3L, 1L }, summary.Targets.Select(static t => t.Orders));
    }

    /// <summary>
    /// Issue 31 (Stryker survivors): the sums the tests never read, deadlock retries, reconnects (both reach the result
    /// file), order and call microseconds and committed orders, added over two shards and taken from the warm-up's end.
    /// </summary>
    [Fact]
    public void Retries_reconnects_and_times_add_over_shards_and_the_phase_counts_from_the_warm_ups_end()
    {
        var metrics = new RunMetrics(targetCount: 1, shardsPerTarget: 2);
        var start = Stopwatch.GetTimestamp();
        metrics.Start(start, warmup: true);
        var (a, b) = (metrics.ShardFor(0, 0), metrics.ShardFor(1, 0));
        a.RecordReconnect();
        b.RecordDeadlockRetry();
        a.RecordOrder(Ms(100), rolledBack: true);
        b.RecordCall(TransactionKind.Browse, Ms(100));
        b.RecordError(TransactionKind.Purchase);
        metrics.TakeInterval(start + Ms(1_000));
        metrics.ResetPhase(start + Ms(1_000));
        Repeat(2, a.RecordReconnect);
        Repeat(3, b.RecordReconnect);
        Repeat(1, a.RecordDeadlockRetry);
        Repeat(6, b.RecordDeadlockRetry);
        a.RecordOrder(Ms(10), rolledBack: true);
        b.RecordOrder(Ms(30), rolledBack: false);
        b.RecordOrder(Ms(50), rolledBack: false);
        a.RecordCall(TransactionKind.Browse, Ms(2));
        b.RecordCall(TransactionKind.Browse, Ms(6));
        a.RecordError(TransactionKind.Login);
        metrics.TakeInterval(start + Ms(2_000));
        var summary = metrics.Summarize(start + Ms(2_000));
        var sinceStart = metrics.ReadCounters()[0];

        Assert.Equal((5, 7), (summary.Run.Reconnects, summary.Run.DeadlockRetries));
        Assert.Equal((6, 8), (sinceStart.Reconnects, sinceStart.DeadlockRetries));
        Assert.Equal((5, 7), (summary.Targets[0].Reconnects, summary.Targets[0].DeadlockRetries));
        Assert.Equal(90_000, summary.Run.OrderMicros);
        Assert.Equal(30.0, summary.OrderResponse.MeanMs, 9);
        Assert.Equal(8_000, summary.Run.CallMicros[(int)TransactionKind.Browse]);
        Assert.Equal((1, 1), (summary.Run.TotalErrors, summary.Transactions.Sum(static t => t.Errors)));
        Assert.Equal((50, 50), (summary.RunLine.LastNMaxMs, summary.TargetLines[0].LastNMaxMs)); // the warm-up's 100 ms order is gone
        Assert.Equal("Order", summary.OrderResponse.Kind);
        Assert.Equal(4.0, summary.Transactions.Single(static t => t.Kind == "Browse").MeanMs, 9);
        Assert.Equal((3, 1, 2), (summary.Run.Orders, summary.Run.Rollbacks, summary.Run.CommittedOrders));
        Assert.Equal((4, 2, 2), (sinceStart.Orders, sinceStart.Rollbacks, sinceStart.CommittedOrders));
    }

    /// <summary>Issue 31 (Stryker survivors): the live metrics' observer set on the run is told every call's kind and latency in ms.</summary>
    [Fact]
    public void The_call_observer_set_on_the_run_is_told_each_calls_kind_and_milliseconds()
    {
        var seen = new List<(TransactionKind, double)>();
        var metrics = new RunMetrics(targetCount: 1, shardsPerTarget: 1) { CallObserver = (kind, ms) => seen.Add((kind, ms)) };

        metrics.ShardFor(0, 0).RecordCall(TransactionKind.Purchase, Ms(3.5));

        Assert.Equal(new[] { (TransactionKind.Purchase, 3.5) }, seen);
    }

    private static (double Phase, double Run, double Interval) Clocks(IntervalReport report) =>
        (Math.Round(report.ElapsedSeconds, 9), Math.Round(report.SinceStartSeconds, 9), Math.Round(report.IntervalSeconds, 9));

    private static void Repeat(int times, Action action)
    {
        for (var i = 0; i < times; i++)
        {
            action();
        }
    }

    private static long RecordedCalls(PhaseSummary summary, string kind) =>
        DvdStore.Driver.Results.HistogramCodec.Decode(summary.Transactions.Single(t => t.Kind == kind).Histogram).TotalCount;

    [Fact]
    public void Ds3_formulas_floor_and_never_divide_by_zero()
    {
        Assert.Equal(27100, Ds3Formulas.Opm(27507, 60.9));
        Assert.Equal(0, Ds3Formulas.Opm(10, 0));
        Assert.Equal(0, Ds3Formulas.AverageMs(0, 0));
        Assert.Equal(54, Ds3Formulas.AverageMs(54_999, 1));
        Assert.Equal(0, Ds3Formulas.RollbackPercent(0, 0));
        Assert.Equal(2.0, Ds3Formulas.RollbackPercent(2, 100));
        Assert.Equal(1_375, Ds3Formulas.AverageMs(5_500_000, 4)); // 5 500 ms over 4 calls
        Assert.Equal(45.0, Ds3Formulas.OrdersPerMinute(90, 120), 12); // 90 orders in 2 minutes
        Assert.Equal(0, Ds3Formulas.OrdersPerMinute(90, 0));
        Assert.Equal(0, Ds3Formulas.AverageMs(5_000, 0)); // time but no calls: 0, not 5 / 0
    }
}
