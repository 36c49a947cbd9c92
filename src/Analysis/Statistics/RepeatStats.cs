namespace DvdStore.Analysis.Statistics;

/// <summary>
/// Mean, sample standard deviation and 95 % confidence interval (Student t, n − 1 df) of repeated runs of
/// one configuration. A single run has no spread: its SD and CI are null.
/// </summary>
public sealed class RepeatStats
{
    private RepeatStats(IReadOnlyList<double> values)
    {
        Values = values;
        Count = values.Count;
        Mean = MathNet.Numerics.Statistics.Statistics.Mean(values);
        if (Count > 1)
        {
            StandardDeviation = MathNet.Numerics.Statistics.Statistics.StandardDeviation(values);
            ConfidenceHalfWidth = StudentT.Critical95(Count - 1) * StandardDeviation / Math.Sqrt(Count);
        }
    }

    public IReadOnlyList<double> Values { get; }

    public int Count { get; }

    public double Mean { get; }

    public double? StandardDeviation { get; }

    /// <summary>Half the width of the 95 % confidence interval of the mean.</summary>
    public double? ConfidenceHalfWidth { get; }

    public double? ConfidenceLow => Mean - ConfidenceHalfWidth;

    public double? ConfidenceHigh => Mean + ConfidenceHalfWidth;

    /// <summary>Coefficient of variation, % (SD / mean).</summary>
    public double? CoefficientOfVariationPercent => StandardDeviation is { } sd && Mean != 0 ? 100 * sd / Mean : null;

    public static RepeatStats Of(IEnumerable<double> values)
    {
        var list = values.ToList();
        if (list.Count == 0)
        {
            throw new ArgumentException("needs at least one value", nameof(values));
        }

        return new RepeatStats(list);
    }

    /// <summary>True when the repeats spread more than <paramref name="cvThresholdPercent"/> (e.g. 5 %).</summary>
    public bool IsNoisy(double cvThresholdPercent) => CoefficientOfVariationPercent > cvThresholdPercent;
}
