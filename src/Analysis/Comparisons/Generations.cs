using System.Globalization;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Server generations normalised to a baseline generation (--baseline generations=NAME, by label value or a run's file
/// name; otherwise the one with the lowest peak): at each generation's peak (best vCPUs/threads) and at equal load
/// (the largest thread count every generation ran). Like is compared with like: SMT on and off, and one system and
/// scale-out sets of several, are separate comparisons (two VMs together are no generation's peak).
/// </summary>
public sealed class Generations : IStudy
{
    public string Name => "generations";

    public string Title => "Generations";

    public StudyResult Analyze(StudyInput input)
    {
        var labelled = input.Configurations.Where(g => g.Label(LabelKeys.Generation).Length > 0).ToList();
        var series = RunGroups.SeriesBy(labelled, LabelKeys.Generation, LabelKeys.Vcpus, LabelKeys.Threads)
            .Select(s => s.ToList())
            .Where(s => s.Select(g => g.Label(LabelKeys.Generation)).Distinct(StringComparer.OrdinalIgnoreCase).Count() >= 2)
            .ToList();
        if (series.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs of two or more generations (label 'generation', recorded from the CPU model, or --label FILE:generation=NAME) that are otherwise equal");
        }

        var rows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var bars = new List<ChartBar>();
        var varying = RunGroups.VaryingKeys(series.SelectMany(s => s).Select(g => g.Labels))
            .Where(k => k is not LabelKeys.Generation and not LabelKeys.Vcpus and not LabelKeys.Threads).ToList();
        var headlines = new List<Headline>();
        foreach (var configurations in series)
        {
            var name = varying.Count > 0 ? configurations[0].Describe(varying) : "";
            name = configurations[0].Instances > 1 ? (name.Length > 0 ? name + ", " : "") + $"{configurations[0].Instances} instances" : name;
            var prefix = name.Length > 0 ? name + ": " : "";
            var peaks = configurations.GroupBy(g => g.Label(LabelKeys.Generation), StringComparer.OrdinalIgnoreCase)
                .Select(g => RunGroups.Best(g)).OrderBy(g => g.Opm.Mean).ToList();
            var baseline = ChooseBaseline(peaks, input.Options.BaselineFor(Name));
            var equalThreads = CommonThreads(configurations);
            foreach (var peak in peaks)
            {
                var atPeak = Difference.Between(baseline.Opm, peak.Opm);
                var equal = equalThreads is { } t ? AtThreads(configurations, peak.Label(LabelKeys.Generation), t) : null;
                var baseEqual = equalThreads is { } t2 ? AtThreads(configurations, baseline.Label(LabelKeys.Generation), t2) : null;
                var normalised = Relative.Ratio(peak.Opm.Mean, baseline.Opm.Mean);
                var normalisedEqual = equal is not null && baseEqual is not null ? Relative.Ratio(equal.Opm.Mean, baseEqual.Opm.Mean) : null;
                rows.Add([name, peak.Label(LabelKeys.Generation), peak.Label(LabelKeys.Vcpus), peak.Label(LabelKeys.Threads), Format.Opm(peak.Opm.Mean), Format.Ci(peak.Opm), Format.Noise(peak.Opm, input.Options),
                    Format.Ratio(normalised), ReferenceEquals(peak, baseline) ? "baseline" : atPeak.Describe(),
                    equalThreads?.ToString(CultureInfo.InvariantCulture) ?? "", equal is null ? "" : Format.Opm(equal.Opm.Mean), equal is not null && baseEqual is not null ? Format.Ratio(normalisedEqual) : "", Format.Files(peak)]);
                if (normalised is { } ratio)
                {
                    // No bar against a zero baseline: the table says n/a.
                    bars.Add(new ChartBar(prefix + peak.Label(LabelKeys.Generation), ratio, peak.Opm.ConfidenceHalfWidth / baseline.Opm.Mean));
                }
            }

            var top = peaks[^1];
            var headline = HeadlineFigures.Ratio(
                $"{prefix}{baseline.Label(LabelKeys.Generation)} {Shape(baseline)} → {top.Label(LabelKeys.Generation)} {Shape(top)}: {Format.WithUnit(Format.Ratio(Relative.Ratio(top.Opm.Mean, baseline.Opm.Mean)), "×")} the peak OPM",
                baseline.Opm,
                top.Opm);
            headlines.Add(headline with { Runs = Format.RunNames(baseline, top), Studied = [LabelKeys.Generation, LabelKeys.Vcpus] });
            findings.Add($"{prefix}{top.Label(LabelKeys.Generation)} reaches {Format.WithUnit(Format.Ratio(Relative.Ratio(top.Opm.Mean, baseline.Opm.Mean)), "×")} the peak OPM of {baseline.Label(LabelKeys.Generation)} ({Format.Opm(baseline.Opm.Mean)} → {Format.Opm(top.Opm.Mean)})."
                + (equalThreads is not { } common
                    ? " No thread count was run on every generation, so there is no equal-load comparison."
                    : AtThreads(configurations, top.Label(LabelKeys.Generation), common) is { } topEqual && AtThreads(configurations, baseline.Label(LabelKeys.Generation), common) is { } baselineEqual
                        ? $" At equal load ({Format.Count(common.ToString(CultureInfo.InvariantCulture), "thread")}): {Format.WithUnit(Format.Ratio(Relative.Ratio(topEqual.Opm.Mean, baselineEqual.Opm.Mean)), "×")} ({Format.Opm(baselineEqual.Opm.Mean)} → {Format.Opm(topEqual.Opm.Mean)})."
                        : $" Equal load compared at {Format.Count(common.ToString(CultureInfo.InvariantCulture), "thread")}."));
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Headlines = headlines,
            Tables = [new ReportTable("Generations normalised to the baseline", "generations", ["series", "generation", "vcpus_at_peak", "threads_at_peak", "peak_opm", "ci95", "noise", "normalised_at_peak", "verdict_vs_baseline", "equal_load_threads", "opm_at_equal_load", "normalised_at_equal_load", "files"], rows)],
            Charts = [new ChartSpec("Generations: peak OPM relative to the baseline", "generations", "", "Peak OPM relative to baseline (×)") { Bars = bars, ReferenceValue = 1.0, ReferenceLabel = "baseline" }],
        };
    }

    private static string Shape(RunGroup g) => g.Label(LabelKeys.Vcpus) is { Length: > 0 } v ? $"({Format.Count(v, "vCPU")})" : "";

    private static RunGroup ChooseBaseline(IReadOnlyList<RunGroup> peaks, string wanted)
    {
        if (wanted.Length == 0)
        {
            return peaks[0];
        }

        return peaks.FirstOrDefault(p => string.Equals(p.Label(LabelKeys.Generation), wanted, StringComparison.OrdinalIgnoreCase))
            ?? peaks.FirstOrDefault(p => p.Runs.Any(r => string.Equals(r.Name, wanted, StringComparison.Ordinal) || string.Equals(r.Source, wanted, StringComparison.Ordinal)))
            ?? peaks[0];
    }

    private static int? CommonThreads(IReadOnlyList<RunGroup> configurations)
    {
        var perGeneration = configurations.GroupBy(g => g.Label(LabelKeys.Generation), StringComparer.OrdinalIgnoreCase)
            .Select(g => g.Select(c => c.NumericLabel(LabelKeys.Threads)).Where(t => t is not null).Select(t => (int)t!.Value).ToHashSet()).ToList();
        var common = perGeneration.Skip(1).Aggregate(perGeneration[0], (acc, next) => acc.Intersect(next).ToHashSet());
        return common.Count == 0 ? null : common.Max();
    }

    private static RunGroup? AtThreads(IEnumerable<RunGroup> configurations, string generation, int threads)
    {
        var matching = configurations.Where(g => string.Equals(g.Label(LabelKeys.Generation), generation, StringComparison.OrdinalIgnoreCase) && g.NumericLabel(LabelKeys.Threads) == threads).ToList();
        return matching.Count == 0 ? null : RunGroups.Best(matching);
    }
}
