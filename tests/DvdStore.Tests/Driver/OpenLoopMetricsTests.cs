using System.Diagnostics;
using DvdStore.Driver.Metrics;

namespace DvdStore.Tests.Driver;

/// <summary>A rate run's two times per order: latency from the scheduled start is never below service time.</summary>
public class OpenLoopMetricsTests
{
    [Fact]
    public void An_order_a_timer_let_through_before_its_start_was_due_counts_its_latency_from_when_it_started()
    {
        var metrics = new OpenLoopMetrics();
        var started = Stopwatch.GetTimestamp();
        var dueLater = started + (Stopwatch.Frequency / 1000);
        var end = started + (Stopwatch.Frequency / 10);

        metrics.Record(dueLater, started, end);
        metrics.TakeInterval(measuring: true);
        var (latency, service) = metrics.Summarize();

        Assert.Equal(service.MaxMs, latency.MaxMs);
        Assert.Equal(service.P50Ms, latency.P50Ms);
    }

    /// <summary>
    /// Issue 31 (Stryker survivors): the measured phase's mean latency and service time, and only measured intervals
    /// and what follows the warm-up's end count in them.
    /// </summary>
    [Fact]
    public void The_phase_means_are_those_of_the_orders_recorded_while_measuring_after_the_warm_up()
    {
        var observed = new List<long>();
        var metrics = new OpenLoopMetrics { OrderObserver = (_, _, end) => observed.Add(end) };
        var t0 = Stopwatch.GetTimestamp();
        metrics.Record(t0, t0, t0 + Ms(900)); // warm-up, taken into the phase and then reset
        metrics.TakeInterval(measuring: true);
        metrics.Record(t0, t0, t0 + Ms(800)); // warm-up, taken by the unmeasured interval at the warm-up's end
        metrics.TakeInterval(measuring: false);
        metrics.Record(t0, t0 + Ms(5), t0 + Ms(20)); // after the edge's reading, before the reset: the window's; latency 20 ms, service 15 ms
        metrics.ResetPhase();
        metrics.Record(t0, t0 + Ms(10), t0 + Ms(40)); // 40 and 30
        metrics.Record(t0, t0, t0 + Ms(60)); // 60 and 60
        var interval = metrics.TakeInterval(measuring: true);
        metrics.Record(t0, t0, t0 + Ms(700)); // an unmeasured interval (a run's last one after the window closed)
        metrics.TakeInterval(measuring: false);
        var (latency, service) = metrics.Summarize();

        Assert.Equal(6, observed.Count);
        Assert.Equal(("OrderLatency", "OrderService"), (latency.Kind, service.Kind));
        Assert.Equal(3, interval.TotalCount);
        Assert.Equal((3, 3), (latency.Count, service.Count));

        // HdrHistogram keeps three significant digits: each mean within 0.1 %.
        Assert.InRange(latency.MeanMs, 39.96, 40.04);
        Assert.InRange(service.MeanMs, 34.96, 35.04);
        Assert.InRange(latency.MaxMs, 59.9, 60.1);
    }

    private static long Ms(double ms) => (long)(ms * Stopwatch.Frequency / 1000);

    [Fact]
    public async Task Every_interval_holds_the_latency_and_the_service_time_of_the_same_orders_while_users_record()
    {
        // An order recorded between the controller's two histogram swaps once put its latency in one interval and its
        // service time in the next: the measured phase then had one more service time than latencies (seen in CI).
        var metrics = new OpenLoopMetrics();
        using var stop = new CancellationTokenSource();
        var users = Enumerable.Range(0, 3).Select(_ => Task.Run(() =>
        {
            var now = Stopwatch.GetTimestamp();
            while (!stop.IsCancellationRequested)
            {
                metrics.Record(now, now + 10, now + 1000);
            }
        })).ToList();

        var mismatches = 0;
        for (var take = 0; take < 300; take++)
        {
            metrics.TakeInterval(measuring: true);
            var (latency, service) = metrics.Summarize();
            mismatches += latency.Count == service.Count ? 0 : 1;
        }

        stop.Cancel();
        await Task.WhenAll(users);
        Assert.Equal(0, mismatches);
    }
}
