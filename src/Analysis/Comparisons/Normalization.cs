using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Every configuration relative to one chosen as 1.00 (--baseline normalize=…), as published charts "normalised to
/// native" do. The baseline names a label and value (<c>platform=native</c>), a value alone (<c>native</c>: the label
/// that has it), a run's file name or a scale-out set; the configurations compared are those that carry the same
/// label (all of them for a run or a set).
/// </summary>
public sealed class Normalization : IStudy
{
    public const string StudyName = "normalize";

    public string Name => StudyName;

    public string Title => "Normalised to a baseline";

    public StudyResult Analyze(StudyInput input)
    {
        var wanted = input.Options.BaselineFor(Name);
        if (wanted.Length == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs a baseline: --baseline normalize=KEY=VALUE (e.g. platform=native), normalize=VALUE, or normalize=FILE for a run or scale-out set");
        }

        var (key, baselines) = Resolve(input.Configurations, wanted);
        if (baselines.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, $"no run, scale-out set or label value is '{wanted}' (the --baseline normalize= value)");
        }

        var baseline = RunGroups.Best(baselines);
        var compared = input.Configurations.Where(g => key is null || g.Label(key).Length > 0).OrderBy(g => ReferenceEquals(g, baseline) ? 0 : 1).ThenBy(g => g.Opm.Mean).ToList();
        var varying = RunGroups.VaryingKeys(compared.Select(g => g.Labels)).Where(k => k != LabelKeys.Host).ToList();
        string Describe(RunGroup g) => (varying.Count > 0 ? g.Describe(varying) : g.Runs[0].Name) + (g.Instances > 1 ? $" ({g.Instances} instances)" : "");

        var rows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var headlines = new List<Headline>();
        var bars = new List<ChartBar>();
        foreach (var g in compared)
        {
            var ratio = Relative.Ratio(g.Opm.Mean, baseline.Opm.Mean);
            var isBaseline = ReferenceEquals(g, baseline);
            var difference = Difference.Between(baseline.Opm, g.Opm);
            rows.Add([Describe(g), g.Instances.ToString(System.Globalization.CultureInfo.InvariantCulture), Format.Opm(g.Opm.Mean), Format.Ci(g.Opm), Format.Noise(g.Opm, input.Options), Format.Ratio(ratio), isBaseline ? "baseline" : difference.Describe(), Format.Files(g)]);
            if (ratio is { } barRatio)
            {
                // No bar against a zero baseline: the table says n/a.
                bars.Add(new ChartBar(Describe(g), barRatio, HeadlineFigures.RatioHalfWidth(baseline.Opm, g.Opm)));
            }

            if (!isBaseline)
            {
                findings.Add($"{Describe(g)}: {Format.WithUnit(Format.Ratio(ratio), "×")} {Describe(baseline)} ({Format.Opm(baseline.Opm.Mean)} → {Format.Opm(g.Opm.Mean)} OPM); {difference.Describe()}.");
                headlines.Add(HeadlineFigures.Ratio($"{Describe(g)}: {Format.WithUnit(Format.Ratio(ratio), "×")} {Describe(baseline)}", baseline.Opm, g.Opm) with { Runs = Format.RunNames(baseline, g), Studied = key is null ? [] : [key] });
            }
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Headlines = headlines,
            Tables = [new ReportTable($"OPM normalised to {Describe(baseline)}", "normalized", ["configuration", "instances", "opm", "ci95", "noise", "normalised", "verdict_vs_baseline", "files"], rows)],
            Charts = [new ChartSpec($"OPM relative to {Describe(baseline)}", "normalized", "", "OPM relative to the baseline (×)") { Bars = bars, ReferenceValue = 1.0, ReferenceLabel = "baseline = 1.00" }],
        };
    }

    /// <summary>The label that defines the comparison (null for a run or set named directly) and the configurations that are the baseline.</summary>
    private static (string? Key, List<RunGroup> Baselines) Resolve(IReadOnlyList<RunGroup> configurations, string wanted)
    {
        var equals = wanted.IndexOf('=', StringComparison.Ordinal);
        if (equals > 0)
        {
            var (k, v) = (wanted[..equals].Trim(), wanted[(equals + 1)..].Trim());
            return (k, configurations.Where(g => Same(g.Label(k), v)).ToList());
        }

        var byName = configurations.Where(g => g.Runs.Any(r => Same(r.Name, wanted) || string.Equals(r.Source, wanted, StringComparison.Ordinal) || Same(r.Name, "scaleout:" + wanted))).ToList();
        if (byName.Count > 0)
        {
            return (null, byName);
        }

        var key = configurations.SelectMany(g => g.Labels).Where(p => Same(p.Value, wanted)).Select(p => p.Key).Order(StringComparer.Ordinal).FirstOrDefault();
        return key is null ? (null, []) : (key, configurations.Where(g => Same(g.Label(key), wanted)).ToList());
    }

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);
}
