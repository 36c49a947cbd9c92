using System.Globalization;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Scale-out: several drivers or instances that ran at the same time, their OPM summed over the common
/// window (from the Intervals). Sets are the runs sharing a 'scaleout' label value; without that label, runs
/// whose measured windows overlap form a set. Sets whose instances are alike (the labels all members share, e.g.
/// vcpus=120, the host, threads and set name aside) form one study with its own baseline: --baseline scaleout=SET,
/// else its smallest set; every set is compared with linear scaling from it (per-instance OPM × instances).
/// Unfinished runs take no part unless --include-unfinished.
/// </summary>
public sealed class ScaleOutAggregate : IStudy
{
    private static readonly string[] NotShape = [LabelKeys.ScaleOut, LabelKeys.Host, LabelKeys.Threads, .. SweepKeys.All];

    public string Name => "scaleout";

    public string Title => "Scale-out aggregate";

    public StudyResult Analyze(StudyInput input)
    {
        var counted = input.Runs.Where(r => input.Options.IncludeUnfinished || r.Result.Outcome == RunOutcome.Completed).ToList();
        var sets = Sets(counted);
        if (sets.Count == 0)
        {
            return StudyResult.Lacking(Name, Title, "needs runs that ran at the same time (overlapping measured windows with interval timestamps) or runs labelled --label FILE:scaleout=SET");
        }

        var studies = sets.Select(s => (s.Name, s.Runs, Window: ScaleOutWindow.Of(s.Runs), Shape: Shape(s.Runs)))
            .GroupBy(s => RunGroups.Key(s.Shape, []), StringComparer.Ordinal)
            .Select(g => g.OrderBy(s => s.Window.Members.Count).ThenBy(s => s.Name, StringComparer.Ordinal).ToList())
            .OrderBy(g => g[0].Name, StringComparer.Ordinal)
            .ToList();
        var varying = RunGroups.VaryingKeys(studies.Select(g => g[0].Shape));
        var wanted = input.Options.BaselineFor(Name);
        var rows = new List<IReadOnlyList<string>>();
        var memberRows = new List<IReadOnlyList<string>>();
        var findings = new List<string>();
        var headlines = new List<Headline>();
        var bars = new List<ChartBar>();
        foreach (var study in studies)
        {
            var shape = varying.Count > 0 ? RunGroups.Describe(study[0].Shape, varying) : "";
            var baseline = study.FirstOrDefault(s => string.Equals(s.Name, wanted, StringComparison.OrdinalIgnoreCase)) is { Name: not null } chosen ? chosen : study[0];
            var perInstance = baseline.Window.AggregateOpm / baseline.Window.Members.Count;
            foreach (var (name, _, window, _) in study)
            {
                var n = window.Members.Count;
                var linear = perInstance * n;
                var efficiency = Relative.Percent(window.AggregateOpm, linear);
                var compared = study.Count > 1 && !string.Equals(name, baseline.Name, StringComparison.Ordinal);
                rows.Add([shape, name, n.ToString(CultureInfo.InvariantCulture), Format.Number(window.Seconds, 0), Format.Opm(window.AggregateOpm), Format.Opm(window.AggregateOpm / n), baseline.Name, Format.Opm(linear), Format.Percent(efficiency)]);
                memberRows.AddRange(window.Members.Select(m => (IReadOnlyList<string>)[name, m.Run.Name, m.Run.Label(LabelKeys.Host), Format.Opm(m.Opm), m.FromIntervals ? "common window" : "whole run (no timed intervals)", Format.Opm(m.Run.Opm)]));
                bars.Add(new ChartBar($"{name} ({n})", window.AggregateOpm));
                findings.Add($"{(shape.Length > 0 ? shape + ": " : "")}{name}: {n} instance(s) together {Format.Opm(window.AggregateOpm)} OPM over a {Format.Number(window.Seconds, 0)} s common window"
                    + (compared ? $", {Format.WithUnit(Format.Percent(efficiency), " %")} of linear from {baseline.Name}." : study.Count > 1 ? " (the baseline of this study)." : "."));
                if (compared)
                {
                    headlines.Add(new Headline($"{name} ({n} instances): {Format.WithUnit(Format.Percent(efficiency), " %")} of linear from {baseline.Name}", "", "noise unknown: one run per set")
                    {
                        Runs = [.. baseline.Window.Members.Select(m => m.Run.Name), .. window.Members.Select(m => m.Run.Name)],
                        Studied = [LabelKeys.ScaleOut],
                    });
                }

                if (window.Members.Any(m => !m.FromIntervals))
                {
                    findings.Add($"{name}: some runs have no timestamped measured intervals; their whole-run OPM is used.");
                }
            }
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Headlines = headlines,
            Tables =
            [
                new ReportTable("Scale-out sets (summed over the common window)", "scaleout", ["instance_shape", "set", "instances", "window_s", "aggregate_opm", "opm_per_instance", "baseline", "linear_opm", "efficiency_pct_of_linear"], rows),
                new ReportTable("Scale-out members", "scaleout-members", ["set", "file", "host", "opm_in_window", "basis", "opm_whole_run"], memberRows),
            ],
            Charts = [new ChartSpec("Scale-out: total OPM of each set", "scaleout", "", "Aggregate orders per minute (OPM)") { Bars = bars }],
        };
    }

    /// <summary>What every member of a set is: the labels they all share, apart from set name, host and load.</summary>
    private static Dictionary<string, string> Shape(IReadOnlyList<AnalyzedRun> members) =>
        members[0].Labels.Where(p => !NotShape.Contains(p.Key, StringComparer.OrdinalIgnoreCase) && members.All(m => string.Equals(m.Label(p.Key), p.Value, StringComparison.Ordinal)))
            .ToDictionary(p => p.Key, p => p.Value, StringComparer.OrdinalIgnoreCase);

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
