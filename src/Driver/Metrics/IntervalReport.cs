using HdrHistogram;

namespace DvdStore.Driver.Metrics;

/// <summary>What the reporter saw at one log line: DS3's numbers overall and per target, and this interval's own distribution.</summary>
public sealed record IntervalReport(
    double ElapsedSeconds,
    double SinceStartSeconds,
    double IntervalSeconds,
    bool Measured,
    TargetLine Run,
    IReadOnlyList<TargetLine> Targets,
    long IntervalOrders,
    long IntervalRollbacks,
    HistogramBase IntervalOrderHistogram)
{
    public double IntervalOpm => Ds3Formulas.OrdersPerMinute(IntervalOrders, IntervalSeconds);

    public double PercentileMs(double percentile) => Results.HistogramCodec.PercentileMs(IntervalOrderHistogram, percentile);
}
