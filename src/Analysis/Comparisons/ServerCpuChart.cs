using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// A study's chart of OPM against server CPU %: a series per configuration series, a point per step whose runs
/// measured the server (<see cref="ServerLoad.CpuPercent(RunGroup)"/>); no chart when none did.
/// </summary>
/// <param name="step">What one point is, for the title: "thread count", "vCPU count".</param>
/// <param name="fileName">The chart's file name.</param>
public sealed class ServerCpuChart(string step, string fileName)
{
    private readonly List<ChartSeries> series = [];

    /// <summary>Adds a series of the groups that measured the server's CPU, each point labelled.</summary>
    public void Add(string name, IEnumerable<RunGroup> groups, Func<RunGroup, string> pointLabel)
    {
        var measured = groups.Where(g => ServerLoad.CpuPercent(g) is not null).ToList();
        if (measured.Count > 0)
        {
            series.Add(new ChartSeries(name, measured.Select(g => ServerLoad.CpuPercent(g)!.Value).ToList(), measured.Select(g => g.Opm.Mean).ToList()) { PointLabels = measured.Select(pointLabel).ToList() });
        }
    }

    /// <summary>Adds the chart to <paramref name="charts"/> when any series measured the server.</summary>
    public void AddTo(List<ChartSpec> charts)
    {
        if (series.Count > 0)
        {
            charts.Add(new ChartSpec($"OPM vs server CPU % (one point per {step})", fileName, "Server CPU busy (%)", "Orders per minute (OPM)") { Series = series, PercentX = true });
        }
    }
}
