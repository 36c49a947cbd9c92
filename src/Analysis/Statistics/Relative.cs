namespace DvdStore.Analysis.Statistics;

/// <summary>
/// Figures relative to a baseline, the one place each is divided. Against a zero baseline no ratio exists: each gives
/// null, which a report prints as "n/a" (never ∞ or NaN, and never 0, which would read as "no change").
/// </summary>
public static class Relative
{
    /// <summary>candidate / baseline (e.g. 1.27).</summary>
    public static double? Ratio(double candidate, double baseline) => baseline == 0 ? null : candidate / baseline;

    /// <summary>100 × part / baseline: a share, or an interval's half-width, in % of the baseline.</summary>
    public static double? Percent(double part, double baseline) => baseline == 0 ? null : 100 * part / baseline;

    /// <summary>100 × (candidate − baseline) / baseline: the gain of candidate over baseline in % (e.g. +27.0).</summary>
    public static double? GainPercent(double candidate, double baseline) => Percent(candidate - baseline, baseline);
}
