using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;
using DvdStore.Monitoring;
using DvdStore.Schema.Engines;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Where the server's time went, from the waits a run sampled (<c>server.waits</c>): per run, the average active
/// sessions by wait class over time (stacked); for the sweep studies, stacked bars per step and a finding that names the
/// dominant non-CPU wait at the peak step or beyond when it holds more than a quarter of the active session time.
/// </summary>
public sealed class WaitBreakdown : IStudy
{
    /// <summary>A non-CPU wait holding more than this share of active session time is named.</summary>
    public const double DominantShare = 0.25;

    /// <summary>Runs drawn one chart each (the table holds every run).</summary>
    private const int MaxRunCharts = 12;

    public string Name => "waits";

    public string Title => "Where the server's time went (sampled waits)";

    public StudyResult Analyze(StudyInput input)
    {
        // In the order of a sweep's steps (vCPUs, then threads), so the charts over time read as the sweep went.
        var runs = input.Runs.Where(r => Of(r.Result) is not null)
            .OrderBy(r => r.NumericLabel(LabelKeys.Vcpus) ?? 0).ThenBy(r => r.NumericLabel(LabelKeys.Threads) ?? 0).ToList();
        if (runs.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs with sampled waits (server.waits: dvdstore run samples them 10 times a second on every server engine; --wait-rate 0 turns it off)");
        }

        var rows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var charts = new List<ChartSpec>();
        foreach (var run in runs)
        {
            var waits = Of(run.Result)!;
            var dominant = Dominant(waits);
            rows.Add([run.Name, waits.Samples.ToString(System.Globalization.CultureInfo.InvariantCulture), Format.Ratio(waits.ActiveSessions), .. WaitClasses.All.Select(c => Format.Ratio(waits.Of(c))), dominant?.Event ?? "", dominant is { } d ? Format.Percent(100 * d.Share) : ""]);
            if (dominant is { } named && named.Share > DominantShare)
            {
                findings.Add($"{run.Name}: {Format.Number(100 * named.Share, 0)} % of active session time was {named.Event} ({named.Class.Label()}).");
            }

            if (charts.Count < MaxRunCharts && OverTime(run.Result) is { } chart)
            {
                var step = string.Join(", ", new[] { (LabelKeys.Vcpus, "vCPU"), (LabelKeys.Threads, "thread") }.Where(k => run.Label(k.Item1).Length > 0).Select(k => Format.Count(run.Label(k.Item1), k.Item2)));
                charts.Add(chart with { FileName = $"waits-{charts.Count + 1}", Title = $"Average active sessions by wait class over time: {run.Name}{(step.Length > 0 ? $" ({step})" : "")}" });
            }
        }

        if (runs.Count > MaxRunCharts)
        {
            findings.Add($"{runs.Count} runs sampled waits: the first {MaxRunCharts} are drawn over time; the table holds them all.");
        }

        foreach (var series in SweepSeries.Of(input))
        {
            findings.AddRange(PeakFindings(series));
            if (StepChart(series) is { } steps)
            {
                charts.Add(steps with { FileName = $"waits-steps-{charts.Count + 1}" });
            }
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Tables = [new ReportTable("Average active sessions by wait class (measured window)", "waits", ["run", "samples", "active_sessions", .. WaitClasses.All.Select(c => c.Key()), "top_non_cpu_wait", "top_non_cpu_pct_of_active"], rows)],
            Charts = charts,
        };
    }

    /// <summary>A run's waits over its measured window; null when it sampled none.</summary>
    public static ServerWaits? Of(RunResult result) => result.ServerMetrics?.Average.Waits;

    /// <summary>
    /// The findings of a sweep: at the peak step and each step beyond it, the dominant non-CPU wait when it held more than
    /// a quarter of the active session time, e.g. "OPM: at 2 vCPUs, 41 % of active session time was LWLock:WALWrite (log/commit write)".
    /// </summary>
    internal static IEnumerable<string> PeakFindings(SweepSeries series)
    {
        for (var i = Math.Max(0, series.Peak); i < series.Steps.Count; i++)
        {
            var step = series.Steps[i];
            var dominant = step.Runs.Select(r => Of(r.Result)).OfType<ServerWaits>().Select(Dominant).OfType<(string Event, WaitClass Class, double Share)>()
                .GroupBy(d => (d.Event, d.Class)).Select(g => (g.Key.Event, g.Key.Class, Share: g.Sum(d => d.Share) / step.Runs.Count))
                .OrderByDescending(d => d.Share).FirstOrDefault();
            if (dominant.Event is not null && dominant.Share > DominantShare)
            {
                yield return $"{series.Name}: at {series.StepLabel(step)}{(i == series.Peak ? " (the peak)" : "")}, {Format.Number(100 * dominant.Share, 0)} % of active session time was {dominant.Event} ({dominant.Class.Label()}).";
            }
        }
    }

    /// <summary>Stacked bars of a sweep's steps: each class's average active sessions, the mean over the step's runs; null when no step sampled waits.</summary>
    internal static ChartSpec? StepChart(SweepSeries series) =>
        series.Steps.Any(g => g.Runs.Any(r => Of(r.Result) is not null))
            ? new ChartSpec($"Average active sessions by wait class per step: {series.Name}", "", series.Unit == "thread" ? "Driver threads (users)" : "vCPUs", "Average active sessions")
            {
                Stacks = series.Steps.Select(g => new ChartStack(series.StepLabel(g), Segments(g.Runs.Select(r => Of(r.Result)).ToList()))).ToList(),
            }
            : null;

    /// <summary>The largest non-CPU event and its share of active session time; null when nothing but CPU was active.</summary>
    private static (string Event, WaitClass Class, double Share)? Dominant(ServerWaits waits)
    {
        var top = waits.Top.FirstOrDefault(e => e.Class != WaitClasses.CpuKey);
        return top is null || waits.ActiveSessions <= 0 ? null : (top.Event, WaitClasses.FromKey(top.Class) ?? WaitClass.Other, top.ActiveSessions / waits.ActiveSessions);
    }

    /// <summary>Each class's mean over the runs (a run without waits counts as none of its class).</summary>
    private static IReadOnlyList<ChartSegment> Segments(IReadOnlyList<ServerWaits?> runs) =>
        WaitClasses.All.Select(c => new ChartSegment(c.Label(), runs.Count == 0 ? 0 : runs.Sum(w => w?.Of(c) ?? 0) / runs.Count)).ToList();

    /// <summary>One stacked bar per measured interval that sampled waits; null when none did.</summary>
    private static ChartSpec? OverTime(RunResult result)
    {
        var intervals = result.Intervals.Where(i => i.Measured && i.Server?.Waits is not null).ToList();
        return intervals.Count == 0
            ? null
            : new ChartSpec("", "", "Seconds since the start", "Average active sessions")
            {
                Stacks = intervals.Select(i => new ChartStack(Format.Number(i.SinceStartSeconds, 0), Segments([i.Server!.Waits]))).ToList(),
            };
    }
}
