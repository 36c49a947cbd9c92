using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Monitoring;

namespace DvdStore.Tests.Analysis;

/// <summary>Synthetic runs for the studies: a result with the given OPM and labels, optionally with timed intervals.</summary>
internal static class AnalysisFixtures
{
    public static readonly DateTimeOffset Noon = new(2026, 11, 23, 12, 0, 0, TimeSpan.Zero);

    private static int counter;

    /// <summary>A run of <paramref name="opm"/> OPM over 600 s with the given labels (as the driver's --label would record them).</summary>
    public static AnalyzedRun Run(long opm, params (string Key, string Value)[] labels) =>
        Make($"run{Interlocked.Increment(ref counter)}.json", Result(opm, labels), labels);

    /// <summary>A run whose measured phase is <paramref name="intervals"/> 10 s intervals of <paramref name="ordersPerInterval"/> orders, starting at <paramref name="start"/>.</summary>
    public static AnalyzedRun TimedRun(string name, DateTimeOffset start, int intervals, long ordersPerInterval, params (string Key, string Value)[] labels)
    {
        var samples = Enumerable.Range(1, intervals).Select(i => new IntervalSample
        {
            TimestampUtc = start.AddSeconds(10 * i),
            ElapsedSeconds = 10 * i,
            SinceStartSeconds = 10 * i,
            Measured = true,
            Orders = ordersPerInterval,
            TotalOrders = ordersPerInterval * i,
            IntervalOpm = 6 * ordersPerInterval,
        }).ToList();
        var orders = ordersPerInterval * intervals;
        var result = new RunResult
        {
            RunId = name,
            StartUtc = start,
            EndUtc = start.AddSeconds(10 * intervals),
            Totals = new RunTotals { Orders = orders, MeasuredSeconds = 10 * intervals, Opm = 60 * orders / (10 * intervals) },
            Intervals = samples,
            Context = new RunContext { Labels = labels.ToDictionary(l => l.Key, l => l.Value) },
        };
        return Make(name, result, labels);
    }

    public static RunResult Result(long opm, params (string Key, string Value)[] labels) => Result(opm, [], null, labels);

    /// <summary>A completed 10-minute run at <paramref name="opm"/> with these findings and server metrics.</summary>
    public static RunResult Result(long opm, IReadOnlyList<Finding> findings, ServerMetricsSummary? serverMetrics, params (string Key, string Value)[] labels) => new()
    {
        // A run id of its own: one id in two files is one run read twice (RunLoader counts it once).
        RunId = $"r{Interlocked.Increment(ref counter)}",
        StartUtc = Noon,
        EndUtc = Noon.AddMinutes(10),
        Outcome = RunOutcome.Completed,
        Totals = new RunTotals { Orders = opm * 10, MeasuredSeconds = 600, Opm = opm },
        Context = new RunContext { Labels = labels.ToDictionary(l => l.Key, l => l.Value) },
        Findings = findings,
        ServerMetrics = serverMetrics,
    };

    public static StudyInput Input(IEnumerable<AnalyzedRun> runs, AnalysisOptions? options = null) => new(runs.ToList(), options ?? new AnalysisOptions());

    /// <summary>The cell of <paramref name="column"/> in every row of a table.</summary>
    public static IReadOnlyList<string> Column(DvdStore.Analysis.Reports.ReportTable table, string column)
    {
        var index = table.Columns.ToList().IndexOf(column);
        Assert.True(index >= 0, $"table {table.FileName} has no column {column}");
        return table.Rows.Select(r => r[index]).ToList();
    }

    /// <summary>The row whose <paramref name="column"/> equals <paramref name="value"/>.</summary>
    public static IReadOnlyDictionary<string, string> Row(DvdStore.Analysis.Reports.ReportTable table, string column, string value)
    {
        var index = table.Columns.ToList().IndexOf(column);
        var row = table.Rows.Single(r => r[index] == value);
        return table.Columns.Select((c, i) => (c, row[i])).ToDictionary(p => p.c, p => p.Item2);
    }

    private static AnalyzedRun Make(string name, RunResult result, (string Key, string Value)[] labels) =>
        new(Path.Combine("/results", name), RunOrigin.DvdStoreResult, result, labels.ToDictionary(l => l.Key, l => l.Value, StringComparer.OrdinalIgnoreCase));
}
