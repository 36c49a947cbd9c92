using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// The shared shape of "A against B with everything else equal" studies (hyper-threading, affinity):
/// configurations that differ only in <c>key</c> (and in the ignored labels) are paired, each side at its best
/// thread count, and the gain of B over A is reported with its noise verdict and drawn as normalised bars.
/// </summary>
internal static class PairedComparison
{
    public sealed record Pair(string Series, RunGroup A, RunGroup B, Difference Difference)
    {
        /// <summary>"Series: " before a bar or sentence; nothing when one pair covers all runs.</summary>
        public string Prefix => Series == AllRuns ? "" : Series + ": ";
    }

    /// <summary>The series name when no label tells the pairs apart.</summary>
    private const string AllRuns = "all runs";

    /// <summary>The A/B pairs; <paramref name="acrossShapes"/> lets one system meet a scale-out set of several (hyper-threading's two VMs against one).</summary>
    public static List<Pair> Pairs(StudyInput input, string key, string a, string b, bool acrossShapes, params string[] ignored)
    {
        var pairs = new List<Pair>();
        var candidates = input.Configurations.Where(g => g.Label(key) is var v && (Same(v, a) || Same(v, b)));
        string[] notCompared = [key, LabelKeys.Threads, .. ignored];
        var series = (acrossShapes ? RunGroups.SeriesByLabels(candidates, notCompared) : RunGroups.SeriesBy(candidates, notCompared)).ToList();
        var varying = RunGroups.VaryingKeys(series.SelectMany(s => s).Select(g => g.Labels))
            .Where(k => !Same(k, key) && !Same(k, LabelKeys.Threads) && !ignored.Contains(k, StringComparer.OrdinalIgnoreCase)).ToList();
        foreach (var s in series)
        {
            var sideA = s.Where(g => Same(g.Label(key), a)).ToList();
            var sideB = s.Where(g => Same(g.Label(key), b)).ToList();
            if (sideA.Count == 0 || sideB.Count == 0)
            {
                continue;
            }

            var bestA = RunGroups.Best(sideA);
            var bestB = RunGroups.Best(sideB);
            var name = varying.Count > 0 ? bestA.Describe(varying) : AllRuns;
            pairs.Add(new Pair(name, bestA, bestB, Difference.Between(bestA.Opm, bestB.Opm)));
        }

        return pairs;
    }

    public static ReportTable Table(string title, string fileName, string key, IEnumerable<Pair> pairs, AnalysisOptions options) =>
        new(title, fileName, ["series", $"{key}_a", "opm_a", "ci95_a", "runs_a", "noise_a", $"{key}_b", "opm_b", "ci95_b", "runs_b", "noise_b", "gain_pct", "gain_ci95_pct", "verdict", "files_a", "files_b"],
            pairs.Select(p => (IReadOnlyList<string>)
            [
                p.Series, Describe(p.A, key), Format.Opm(p.A.Opm.Mean), Format.Ci(p.A.Opm), Count(p.A), Format.Noise(p.A.Opm, options),
                Describe(p.B, key), Format.Opm(p.B.Opm.Mean), Format.Ci(p.B.Opm), Count(p.B), Format.Noise(p.B.Opm, options),
                Format.SignedPercent(p.Difference.Percent),
                p.Difference.HalfWidth is { } h && Relative.Percent(h, p.A.Opm.Mean) is { } pct ? "± " + Format.Percent(pct) : "",
                p.Difference.Describe(),
                Format.Files(p.A), Format.Files(p.B),
            ]).ToList());

    public static ChartSpec Bars(string title, string fileName, string nameA, string nameB, IEnumerable<Pair> pairs)
    {
        var bars = new List<ChartBar>();
        // No bars for a pair whose baseline is zero: its table row says n/a.
        foreach (var p in pairs.Where(p => p.A.Opm.Mean != 0))
        {
            bars.Add(new ChartBar(p.Prefix + nameA, 1.0, RelativeError(p.A.Opm, p.A.Opm.Mean)));
            bars.Add(new ChartBar(p.Prefix + nameB, p.B.Opm.Mean / p.A.Opm.Mean, RelativeError(p.B.Opm, p.A.Opm.Mean)));
        }

        return new ChartSpec(title, fileName, "", $"OPM relative to {nameA} (×)") { Bars = bars, ReferenceValue = 1.0, ReferenceLabel = nameA };
    }

    public static string Sentence(Pair p, string what) =>
        $"{p.Prefix}{what} {Format.WithUnit(Format.SignedPercent(p.Difference.Percent), " %")} OPM ({Format.Opm(p.A.Opm.Mean)} → {Format.Opm(p.B.Opm.Mean)}); {p.Difference.Describe()}.";

    /// <param name="studied">The labels the pair may differ in (its key and those the study ignores).</param>
    public static Headline Headline(Pair p, string what, params string[] studied)
    {
        var headline = HeadlineFigures.Gain($"{p.Prefix}{what}: {Format.WithUnit(Format.SignedPercent(p.Difference.Percent), " %")} OPM ({Format.Opm(p.A.Opm.Mean)} → {Format.Opm(p.B.Opm.Mean)})", p.Difference);
        return headline with { Runs = Format.RunNames(p.A, p.B), Studied = studied };
    }

    private static double? RelativeError(RepeatStats stats, double baseline) => stats.ConfidenceHalfWidth is { } h ? h / baseline : null;

    private static string Describe(RunGroup g, string key) =>
        g.Label(LabelKeys.Threads) is { Length: > 0 } threads ? $"{g.Label(key)} ({Format.Count(threads, "thread")})" : g.Label(key);

    private static string Count(RunGroup g) => g.Opm.Count.ToString(System.Globalization.CultureInfo.InvariantCulture);

    private static bool Same(string x, string y) => string.Equals(x, y, StringComparison.OrdinalIgnoreCase);
}
