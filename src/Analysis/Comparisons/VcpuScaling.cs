using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// OPM against vCPUs: speedup over the smallest vCPU count, efficiency as % of linear, OPM per vCPU, the knee
/// (the last count before a step adds less than half of linear) and the peak. At each vCPU count the best
/// thread count is taken, as published scale-up studies raise threads until throughput stops growing. SMT on and
/// off are separate curves (a hyper-thread is no core), and so are one system and scale-out sets of several.
/// </summary>
public sealed class VcpuScaling : IStudy
{
    /// <summary>A step whose added OPM per added vCPU is under this share of the smallest count's OPM per vCPU is past the knee.</summary>
    public const double KneeMarginalShare = 0.5;

    public string Name => "scaling";

    public string Title => "vCPU scaling";

    public StudyResult Analyze(StudyInput input)
    {
        var series = Curves(input);
        if (series.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs of one configuration at two or more vCPU counts (label 'vcpus'; the driver records it from its CPU affinity, or set --label FILE:vcpus=N)");
        }

        var varying = RunGroups.VaryingKeys(series.SelectMany(s => s).Select(g => g.Labels)).Where(k => k is not LabelKeys.Vcpus and not LabelKeys.Threads and not LabelKeys.Affinity).ToList();
        var rows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var headlines = new List<Headline>();
        var charts = new SweepCharts("OPM vs vCPUs, with linear scaling", "scaling", "vCPUs", "vCPU count");
        foreach (var points in series)
        {
            var name = SeriesName(points[0], varying);
            var analysis = ScalingCurve.Of(points.Select(p => (p.NumericLabel(LabelKeys.Vcpus)!.Value, p.Opm.Mean)).ToList(), KneeMarginalShare);
            for (var i = 0; i < points.Count; i++)
            {
                var p = points[i];
                var a = analysis.Points[i];
                rows.Add([name, Format.Number(a.Vcpus, 0), p.Label(LabelKeys.Threads), p.Label(LabelKeys.Smt), Format.Opm(p.Opm.Mean), Format.Ci(p.Opm), p.Opm.Count.ToString(System.Globalization.CultureInfo.InvariantCulture), Format.Cv(p.Opm), Format.Noise(p.Opm, input.Options), Format.Ratio(a.Speedup), Format.Percent(a.EfficiencyPercent), Format.Opm(a.OpmPerVcpu), i == 0 ? "" : Format.Percent(a.MarginalPercent), ServerLoad.Cell(p), ServerLoad.ClientBoundCell(p), Format.Files(p)]);
                if (ServerLoad.ClientBoundFinding(p, name, Format.Count(Format.Number(a.Vcpus, 0), "vCPU"), "point") is { } clientBound)
                {
                    findings.Add(clientBound);
                }
            }

            var peakGroup = points[analysis.Points.ToList().IndexOf(analysis.Peak)];
            var peakCpu = ServerLoad.CpuPercent(peakGroup) is { } c ? $" ({Format.Number(c, 0)} % server CPU)" : "";
            charts.Add(name, points, analysis.Points.Select(p => p.Vcpus).ToList(), g => Format.Count(g.Label(LabelKeys.Vcpus), "vCPU"));

            var last = analysis.Points[^1];
            findings.Add($"{name}: {Format.Number(analysis.Points[0].Vcpus, 0)} → {Format.Number(last.Vcpus, 0)} vCPUs gives {Format.WithUnit(Format.Ratio(last.Speedup), "×")} the OPM ({Format.WithUnit(Format.Percent(last.EfficiencyPercent), " %")} of linear); peak {Format.Opm(analysis.Peak.Opm)} OPM at {Format.Count(Format.Number(analysis.Peak.Vcpus, 0), "vCPU")}{peakCpu}; knee at {Format.Count(Format.Number(analysis.Knee.Vcpus, 0), "vCPU")}.");
            headlines.Add(new Headline(
                $"{name}: {Format.Number(analysis.Points[0].Vcpus, 0)} → {Format.Number(last.Vcpus, 0)} vCPUs: {Format.WithUnit(Format.Ratio(last.Speedup), "×")} the OPM, {Format.WithUnit(Format.Percent(last.EfficiencyPercent), " %")} of linear",
                HeadlineFigures.RatioHalfWidth(points[0].Opm, points[^1].Opm) is { } h ? "± " + Format.Percent(100 * h * analysis.Points[0].Vcpus / last.Vcpus) + " % of linear" : "",
                Difference.Between(points[0].Opm, points[^1].Opm).Describe())
            {
                Runs = Format.RunNames(points[0], points[^1]),
                Studied = [LabelKeys.Vcpus, LabelKeys.Affinity],
            });
            findings.AddRange(NoiseNotes(points, name));
            charts.AddReference(new ChartSeries("linear from " + Format.Count(Format.Number(analysis.Points[0].Vcpus, 0), "vCPU") + (varying.Count > 0 ? $" ({name})" : ""), analysis.Points.Select(p => p.Vcpus).ToList(), analysis.Points.Select(p => p.LinearOpm).ToList(), Reference: true));
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Headlines = headlines,
            Tables = [new ReportTable("vCPU scaling (best thread count per vCPU count)", "scaling", ["series", "vcpus", "threads", "smt", "opm", "ci95", "runs", "cv_pct", "noise", "speedup", "efficiency_pct_of_linear", "opm_per_vcpu", "marginal_pct_of_linear", "server_cpu_pct", "client_bound", "files"], rows)],
            Charts = charts.Charts(),
        };
    }

    /// <summary>Each configuration's vCPU curve (two or more vCPU counts, the best thread count at each), in vCPU order.</summary>
    public static List<List<RunGroup>> Curves(StudyInput input) =>
        RunGroups.SeriesBy(input.Configurations.Where(g => g.NumericLabel(LabelKeys.Vcpus) is not null), LabelKeys.Vcpus, LabelKeys.Threads, LabelKeys.Affinity)
            .Select(s => s.GroupBy(g => g.NumericLabel(LabelKeys.Vcpus)!.Value).Select(RunGroups.Best).OrderBy(g => g.NumericLabel(LabelKeys.Vcpus)).ToList())
            .Where(points => points.Count >= 2)
            .ToList();

    /// <summary>The series' name: the labels that tell it from the others, and its SMT state when known ("OPM (SMT off)").</summary>
    public static string SeriesName(RunGroup first, IReadOnlyList<string> varying)
    {
        var name = varying.Count > 0 ? first.Describe(varying) : "OPM";
        var smt = first.Label(LabelKeys.Smt);
        name = smt.Length > 0 && !varying.Contains(LabelKeys.Smt) ? $"{name} (SMT {smt})" : name;
        return first.Instances > 1 ? $"{name}, {first.Instances} instances" : name;
    }

    private static IEnumerable<string> NoiseNotes(IEnumerable<RunGroup> points, string name)
    {
        var list = points.ToList();
        for (var i = 1; i < list.Count; i++)
        {
            var d = Difference.Between(list[i - 1].Opm, list[i].Opm);
            if (d.Verdict == DifferenceVerdict.WithinNoise)
            {
                yield return $"{name}: the step {list[i - 1].Label(LabelKeys.Vcpus)} → {list[i].Label(LabelKeys.Vcpus)} vCPUs ({Format.WithUnit(Format.SignedPercent(d.Percent), " %")}) is smaller than the noise.";
            }
        }
    }
}
