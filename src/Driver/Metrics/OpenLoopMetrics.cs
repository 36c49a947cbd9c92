using DvdStore.Driver.Results;
using HdrHistogram;

namespace DvdStore.Driver.Metrics;

/// <summary>
/// The two times of every order of a rate run, as HdrHistograms: latency from its scheduled start, service time from
/// its actual start. Users record without a lock; the controller drains each log interval (the interval's latency
/// distribution) and adds measured intervals to the phase's. One lock keeps an order's two times in one interval: without
/// it, an order recorded between the two swaps put its latency in one interval and its service time in the next.
/// </summary>
public sealed class OpenLoopMetrics
{
    private readonly Recorder latency = MetricsShard.NewRecorder();
    private readonly Recorder service = MetricsShard.NewRecorder();
    private readonly HistogramBase phaseLatency = HistogramCodec.Create();
    private readonly HistogramBase phaseService = HistogramCodec.Create();
    private HistogramBase? latencySample;
    private HistogramBase? serviceSample;
    private readonly object swap = new();

    /// <summary>Told every order's scheduled start, actual start and end (Stopwatch timestamps); tests only.</summary>
    internal Action<long, long, long>? OrderObserver { get; init; }

    /// <summary>Records one completed order (Stopwatch timestamps).</summary>
    public void Record(long scheduledTicks, long startedTicks, long endTicks)
    {
        // A timer may let a start through a moment before it is due: that order's latency counts from when it started,
        // so latency is never below service time.
        lock (swap)
        {
            latency.RecordValue(MetricsShard.Clamp(MetricsShard.ToMicros(endTicks - Math.Min(scheduledTicks, startedTicks))));
            service.RecordValue(MetricsShard.Clamp(MetricsShard.ToMicros(endTicks - startedTicks)));
        }

        OrderObserver?.Invoke(scheduledTicks, startedTicks, endTicks);
    }

    /// <summary>The latencies recorded since the last call (a copy); added to the phase's when <paramref name="measuring"/>.</summary>
    public HistogramBase TakeInterval(bool measuring)
    {
        lock (swap)
        {
            latencySample = latency.GetIntervalHistogram(latencySample);
            serviceSample = service.GetIntervalHistogram(serviceSample);
        }

        if (measuring)
        {
            phaseLatency.Add(latencySample);
            phaseService.Add(serviceSample);
        }

        return latencySample.Copy();
    }

    /// <summary>
    /// The warm-up's end, right after the interval taken at that instant (unmeasured): the phase starts empty, and an order
    /// recorded since that interval is the window's, kept for its next interval.
    /// </summary>
    public void ResetPhase()
    {
        phaseLatency.Reset();
        phaseService.Reset();
    }

    /// <summary>The measured phase's latency and service time (call after the last <see cref="TakeInterval"/>).</summary>
    public (TransactionStats Latency, TransactionStats ServiceTime) Summarize() => (Stats("OrderLatency", phaseLatency), Stats("OrderService", phaseService));

    private static TransactionStats Stats(string kind, HistogramBase histogram) =>
        StatsBuilder.From(kind, histogram, histogram.TotalCount, histogram.TotalCount == 0 ? 0 : (long)Math.Round(histogram.GetMean() * histogram.TotalCount), 0);
}
