using System.Globalization;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Scale-out: several drivers or instances that ran at the same time, their OPM summed over the common
/// window (from the Intervals). Sets are the runs sharing a 'scaleout' label value; without that label, runs
/// whose measured windows overlap form a set. Sets of different sizes are compared with linear scaling from
/// the smallest set (per-instance OPM × instances).
/// </summary>
public sealed class ScaleOutAggregate : IStudy
{
    public string Name => "scaleout";

    public string Title => "Scale-out aggregate";

    public StudyResult Analyze(StudyInput input)
    {
        var sets = Sets(input.Runs);
        if (sets.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs that ran at the same time (overlapping measured windows with interval timestamps) or runs labelled --label FILE:scaleout=SET");
        }

        var windows = sets.Select(s => (s.Name, Window: ScaleOutWindow.Of(s.Runs))).OrderBy(s => s.Window.Members.Count).ThenBy(s => s.Name, StringComparer.Ordinal).ToList();
        var smallest = windows[0].Window;
        var perInstance = smallest.AggregateOpm / smallest.Members.Count;
        var rows = new List<IReadOnlyList<string>>();
        var memberRows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var bars = new List<ChartBar>();
        foreach (var (name, window) in windows)
        {
            var n = window.Members.Count;
            var linear = perInstance * n;
            var efficiency = 100 * window.AggregateOpm / linear;
            rows.Add([name, n.ToString(CultureInfo.InvariantCulture), Format.Number(window.Seconds, 0), Format.Opm(window.AggregateOpm), Format.Opm(window.AggregateOpm / n), Format.Opm(linear), Format.Percent(efficiency)]);
            memberRows.AddRange(window.Members.Select(m => (IReadOnlyList<string>)[name, m.Run.Name, m.Run.Label(LabelKeys.Host), Format.Opm(m.Opm), m.FromIntervals ? "common window" : "whole run (no timed intervals)", Format.Opm(m.Run.Opm)]));
            bars.Add(new ChartBar($"{name} ({n})", window.AggregateOpm));
            findings.Add($"{name}: {n} instance(s) together {Format.Opm(window.AggregateOpm)} OPM over a {Format.Number(window.Seconds, 0)} s common window"
                + (windows.Count > 1 ? $", {Format.Percent(efficiency)} % of linear from {windows[0].Name}." : "."));
            if (window.Members.Any(m => !m.FromIntervals))
            {
                findings.Add($"{name}: some runs have no timestamped measured intervals; their whole-run OPM is used.");
            }
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Tables =
            [
                new ReportTable("Scale-out sets (summed over the common window)", "scaleout", ["set", "instances", "window_s", "aggregate_opm", "opm_per_instance", "linear_opm", "efficiency_pct_of_linear"], rows),
                new ReportTable("Scale-out members", "scaleout-members", ["set", "file", "host", "opm_in_window", "basis", "opm_whole_run"], memberRows),
            ],
            Charts = [new ChartSpec("Scale-out: total OPM of each set", "scaleout", "", "Aggregate orders per minute (OPM)") { Bars = bars }],
        };
    }

    private static List<(string Name, List<AnalyzedRun> Runs)> Sets(IReadOnlyList<AnalyzedRun> runs)
    {
        var sets = runs.Where(r => r.Label(LabelKeys.ScaleOut).Length > 0)
            .GroupBy(r => r.Label(LabelKeys.ScaleOut), StringComparer.Ordinal)
            .Select(g => (g.Key, g.ToList()))
            .ToList();

        // Unlabelled runs that overlap in time ran together: chain them into clusters by start time.
        var unlabelled = runs.Where(r => r.Label(LabelKeys.ScaleOut).Length == 0 && r.Result.StartUtc != default && r.Result.EndUtc > r.Result.StartUtc)
            .OrderBy(r => r.Result.StartUtc).ToList();
        var cluster = new List<AnalyzedRun>();
        var clusterEnd = DateTimeOffset.MinValue;
        foreach (var run in unlabelled.Append(null))
        {
            if (run is null || run.Result.StartUtc >= clusterEnd)
            {
                if (cluster.Count >= 2)
                {
                    sets.Add(($"together from {cluster[0].Result.StartUtc.UtcDateTime:yyyy-MM-dd HH:mm:ss}Z", cluster));
                }

                cluster = [];
                clusterEnd = DateTimeOffset.MinValue;
            }

            if (run is not null)
            {
                cluster.Add(run);
                clusterEnd = run.Result.EndUtc > clusterEnd ? run.Result.EndUtc : clusterEnd;
            }
        }

        return sets;
    }
}
