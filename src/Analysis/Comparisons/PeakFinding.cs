using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Peak of a thread sweep: walking up the thread counts of one configuration, the peak is the first count
/// after which the next step adds less than the threshold (default 5 %) of OPM. More threads past it only
/// add queueing (response time) — the point DS3 users are told to find by raising n_threads.
/// </summary>
public sealed class PeakFinding : IStudy
{
    public string Name => "peak";

    public string Title => "Peak from a thread sweep";

    public StudyResult Analyze(StudyInput input)
    {
        var sweeps = Sweeps(input);
        if (sweeps.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs of one configuration at two or more thread counts (label 'threads', recorded from n_threads)");
        }

        var varying = RunGroups.VaryingKeys(sweeps.SelectMany(s => s).Select(g => g.Labels)).Where(k => k != LabelKeys.Threads).ToList();
        var rows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var headlines = new List<Headline>();
        var charts = new SweepCharts("OPM vs driver threads", "peak", "Driver threads (users)", "thread count");
        foreach (var sweep in sweeps)
        {
            var name = varying.Count > 0 ? sweep[0].Describe(varying) : "OPM";
            var peak = Find(sweep.Select(g => g.Opm.Mean).ToList(), input.Options.PeakThreshold);
            for (var i = 0; i < sweep.Count; i++)
            {
                var growth = i == 0 ? "" : Format.SignedPercent(Relative.GainPercent(sweep[i].Opm.Mean, sweep[i - 1].Opm.Mean));
                var verdict = i == 0 ? "" : Difference.Between(sweep[i - 1].Opm, sweep[i].Opm).Describe();
                rows.Add([name, sweep[i].Label(LabelKeys.Threads), Format.Opm(sweep[i].Opm.Mean), Format.Ci(sweep[i].Opm), Format.Noise(sweep[i].Opm, input.Options), growth, verdict, ServerLoad.Cell(sweep[i]), ServerLoad.ClientBoundCell(sweep[i]), i == peak ? "PEAK" : "", Format.Files(sweep[i])]);
                if (ServerLoad.ClientBoundFinding(sweep[i], name, Format.Count(sweep[i].Label(LabelKeys.Threads), "thread"), "step") is { } clientBound)
                {
                    findings.Add(clientBound);
                }
            }

            var peakCpu = ServerLoad.CpuPercent(sweep[peak]) is { } c ? $" at {Format.Number(c, 0)} % server CPU" : "";
            charts.Add(name, sweep, sweep.Select(g => g.NumericLabel(LabelKeys.Threads)!.Value).ToList(), g => Format.Count(g.Label(LabelKeys.Threads), "thread"));

            var best = sweep.MaxBy(g => g.Opm.Mean)!;
            findings.Add(peak == sweep.Count - 1
                ? $"{name}: OPM still grows by {Format.Percent(100 * input.Options.PeakThreshold)} % or more at {Format.Count(sweep[^1].Label(LabelKeys.Threads), "thread")} ({Format.Opm(sweep[^1].Opm.Mean)} OPM): the peak lies beyond the sweep; run more threads."
                : $"{name}: peak at {Format.Count(sweep[peak].Label(LabelKeys.Threads), "thread")}, {Format.Opm(sweep[peak].Opm.Mean)} OPM{peakCpu} (the next step adds less than {Format.Percent(100 * input.Options.PeakThreshold)} %); highest measured {Format.Opm(best.Opm.Mean)} OPM at {Format.Count(best.Label(LabelKeys.Threads), "thread")}.");
            headlines.Add(new Headline(
                peak == sweep.Count - 1 ? $"{name}: no peak within the sweep (still growing at {Format.Count(sweep[^1].Label(LabelKeys.Threads), "thread")}, {Format.Opm(sweep[^1].Opm.Mean)} OPM)" : $"{name}: peak at {Format.Count(sweep[peak].Label(LabelKeys.Threads), "thread")}, {Format.Opm(sweep[peak].Opm.Mean)} OPM",
                Format.Ci(sweep[peak].Opm),
                peak == sweep.Count - 1 ? "" : "next step: " + Difference.Between(sweep[peak].Opm, sweep[peak + 1].Opm).Describe())
            {
                Runs = Format.RunNames([.. sweep]),
                Studied = [LabelKeys.Threads],
            });
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Headlines = headlines,
            Tables = [new ReportTable("Thread sweep", "peak", ["series", "threads", "opm", "ci95", "noise", "growth_pct", "step_verdict", "server_cpu_pct", "client_bound", "peak", "files"], rows)],
            Charts = charts.Charts(),
        };
    }

    /// <summary>Each configuration's thread sweep (two or more thread counts), in thread order.</summary>
    public static List<List<RunGroup>> Sweeps(StudyInput input) =>
        RunGroups.SeriesBy(input.Configurations.Where(g => g.NumericLabel(LabelKeys.Threads) is not null), LabelKeys.Threads)
            .Select(s => s.OrderBy(g => g.NumericLabel(LabelKeys.Threads)).ToList())
            .Where(s => s.Count >= 2)
            .ToList();

    /// <summary>Index of the first point whose next step grows OPM by less than <paramref name="threshold"/> (a fraction); the last index if it never stops.</summary>
    public static int Find(IReadOnlyList<double> opm, double threshold)
    {
        for (var i = 0; i < opm.Count - 1; i++)
        {
            if (opm[i + 1] < opm[i] * (1 + threshold))
            {
                return i;
            }
        }

        return opm.Count - 1;
    }
}
