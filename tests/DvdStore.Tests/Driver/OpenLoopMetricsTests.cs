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
}
