using DvdStore.Driver.Results;
using HdrHistogram;

namespace DvdStore.Driver.Metrics;

/// <summary>Turns a microsecond histogram and exact counters into the result file's <see cref="TransactionStats"/>.</summary>
public static class StatsBuilder
{
    public static TransactionStats From(string kind, HistogramBase histogram, long count, long totalMicros, long errors)
    {
        var empty = histogram.TotalCount == 0;
        double Ms(double percentile) => empty ? 0 : histogram.GetValueAtPercentile(percentile) / 1000.0;
        return new TransactionStats
        {
            Kind = kind,
            Count = count,
            Errors = errors,
            MeanMs = count == 0 ? 0 : totalMicros / 1000.0 / count,
            P50Ms = Ms(50),
            P90Ms = Ms(90),
            P95Ms = Ms(95),
            P99Ms = Ms(99),
            P999Ms = Ms(99.9),
            MaxMs = empty ? 0 : histogram.GetMaxValue() / 1000.0,
            Histogram = HistogramCodec.Encode(histogram),
        };
    }
}
