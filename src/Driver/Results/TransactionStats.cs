namespace DvdStore.Driver.Results;

/// <summary>
/// Response-time statistics of one transaction kind (or of whole orders). Percentiles come from the
/// HdrHistogram in <see cref="Histogram"/> (microsecond values, 3 significant digits), which Analysis can
/// decode with <see cref="HistogramCodec"/> to merge runs or intervals exactly.
/// </summary>
public sealed class TransactionStats
{
    /// <summary>Kind name, e.g. "Login", "Purchase", or "Order" for whole orders.</summary>
    public string Kind { get; init; } = "";

    /// <summary>Successful calls timed.</summary>
    public long Count { get; init; }

    /// <summary>Calls that failed (after retries).</summary>
    public long Errors { get; init; }

    public double MeanMs { get; init; }

    public double P50Ms { get; init; }

    public double P90Ms { get; init; }

    public double P95Ms { get; init; }

    public double P99Ms { get; init; }

    public double P999Ms { get; init; }

    public double MaxMs { get; init; }

    /// <summary>Base64 of the compressed HdrHistogram (V2 encoding) of the response times in microseconds.</summary>
    public string Histogram { get; init; } = "";
}
