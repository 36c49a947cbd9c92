namespace DvdStore.Analysis.Statistics;

/// <summary>
/// The difference of two means (candidate − baseline) with Welch's 95 % confidence interval, and its
/// verdict: a difference whose interval includes zero is smaller than the noise.
/// </summary>
public sealed class Difference
{
    private Difference(RepeatStats baseline, RepeatStats candidate)
    {
        Baseline = baseline;
        Candidate = candidate;
        Delta = candidate.Mean - baseline.Mean;
        if (baseline.StandardDeviation is { } s1 && candidate.StandardDeviation is { } s2)
        {
            var v1 = s1 * s1 / baseline.Count;
            var v2 = s2 * s2 / candidate.Count;
            var standardError = Math.Sqrt(v1 + v2);
            if (standardError == 0)
            {
                HalfWidth = 0;
            }
            else
            {
                // Welch–Satterthwaite degrees of freedom.
                var df = (v1 + v2) * (v1 + v2) / ((v1 * v1 / (baseline.Count - 1)) + (v2 * v2 / (candidate.Count - 1)));
                HalfWidth = StudentT.Critical95(Math.Max(1, df)) * standardError; // fractional df: the exact t
            }
        }
    }

    public RepeatStats Baseline { get; }

    public RepeatStats Candidate { get; }

    public double Delta { get; }

    /// <summary>Half-width of the 95 % interval of <see cref="Delta"/>; null when a side has one run.</summary>
    public double? HalfWidth { get; }

    /// <summary>Candidate relative to baseline, % (e.g. +27.0); null against a zero baseline (see <see cref="Relative"/>).</summary>
    public double? Percent => Relative.Percent(Delta, Baseline.Mean);

    public DifferenceVerdict Verdict => HalfWidth switch
    {
        null => DifferenceVerdict.Unknown,
        var h when Math.Abs(Delta) > h => DifferenceVerdict.Significant,
        _ => DifferenceVerdict.WithinNoise,
    };

    public static Difference Between(RepeatStats baseline, RepeatStats candidate) => new(baseline, candidate);

    /// <summary>Words for a report cell.</summary>
    public string Describe() => Verdict switch
    {
        DifferenceVerdict.Significant => "real (outside the 95 % noise interval)",
        DifferenceVerdict.WithinNoise => "smaller than the noise",
        _ => "noise unknown: single run",
    };
}
