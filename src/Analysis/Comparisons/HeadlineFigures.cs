using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>Headline figures with their intervals: a ratio of two means and a relative gain, each with its 95 % half-width.</summary>
internal static class HeadlineFigures
{
    /// <summary>
    /// Half-width of the 95 % interval of candidate/baseline (first-order: the relative half-widths add in quadrature);
    /// null when a side is a single run.
    /// </summary>
    public static double? RatioHalfWidth(RepeatStats baseline, RepeatStats candidate) =>
        baseline.ConfidenceHalfWidth is { } hb && candidate.ConfidenceHalfWidth is { } hc && baseline.Mean != 0 && candidate.Mean != 0
            ? candidate.Mean / baseline.Mean * Math.Sqrt(Math.Pow(hb / baseline.Mean, 2) + Math.Pow(hc / candidate.Mean, 2))
            : null;

    /// <summary>"× 3.90" style headline of candidate over baseline, its "± 0.12" interval and the Welch verdict.</summary>
    public static Headline Ratio(string statement, RepeatStats baseline, RepeatStats candidate) =>
        new(statement, RatioHalfWidth(baseline, candidate) is { } h ? "± " + Format.Ratio(h) : "", Difference.Between(baseline, candidate).Describe());

    /// <summary>A gain in % of candidate over baseline, its "± 3.1 %" interval (Welch) and verdict.</summary>
    public static Headline Gain(string statement, Difference difference) =>
        new(statement, difference.HalfWidth is { } h && Relative.Percent(h, difference.Baseline.Mean) is { } p ? "± " + Format.Percent(p) + " %" : "", difference.Describe());
}
