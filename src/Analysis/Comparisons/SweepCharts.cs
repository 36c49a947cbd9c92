using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// The charts of a study that sweeps one label over otherwise equal configurations (threads, vCPUs): OPM against that
/// label, each point with its 95 % CI whisker, then OPM against server CPU % (<see cref="ServerCpuChart"/>, file
/// "<paramref name="fileName"/>-server-cpu").
/// </summary>
/// <param name="title">The OPM chart's title.</param>
/// <param name="fileName">The OPM chart's file name.</param>
/// <param name="xAxis">The swept label's axis title, e.g. "vCPUs".</param>
/// <param name="step">What one point is, for the server CPU chart's title: "thread count", "vCPU count".</param>
internal sealed class SweepCharts(string title, string fileName, string xAxis, string step)
{
    private readonly List<ChartSeries> opm = [];
    private readonly ServerCpuChart serverCpu = new(step, fileName + "-server-cpu");

    /// <summary>Adds a series' OPM curve at <paramref name="x"/> (the swept label's values) and its server CPU points, each labelled.</summary>
    public void Add(string name, IReadOnlyList<RunGroup> points, IReadOnlyList<double> x, Func<RunGroup, string> pointLabel)
    {
        opm.Add(new ChartSeries(name, x, points.Select(g => g.Opm.Mean).ToList()) { Errors = points.Select(g => g.Opm.ConfidenceHalfWidth ?? 0).ToList() });
        serverCpu.Add(name, points, pointLabel);
    }

    /// <summary>Adds a line drawn for comparison (e.g. linear scaling) to the OPM chart.</summary>
    public void AddReference(ChartSeries line) => opm.Add(line);

    /// <summary>The OPM chart, and the server CPU chart when any series measured the server.</summary>
    public List<ChartSpec> Charts()
    {
        var charts = new List<ChartSpec> { new(title, fileName, xAxis, "Orders per minute (OPM)") { Series = opm, IntegerX = true } };
        serverCpu.AddTo(charts);
        return charts;
    }
}
