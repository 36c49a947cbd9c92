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
