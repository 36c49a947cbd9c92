using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Statistics;
using DvdStore.Monitoring;
using static DvdStore.Tests.Analysis.AnalysisFixtures;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// The report's answer to "what stopped it": the scaling law fitted over a thread sweep (refused when too few or
/// client-bound steps) and the sampled waits per run and per step, with the dominant non-CPU wait named at the peak.
/// </summary>
public class WaitAndLawStudyTests
{
    private static readonly int[] Threads = [1, 2, 4, 8, 16, 32, 48];

    [Fact]
    public void A_thread_sweep_gets_its_scaling_law_drawn_over_the_points_and_projected_beyond()
    {
        var runs = Threads.Select(t => Step(t, UslFit.Model(1000, 0.04, 0.0015, t))).ToList();

        var result = new ScalingLaw().Analyze(Input(runs));

        var row = Row(result.Tables[0], "unit", "thread");
        Assert.InRange(double.Parse(row["sigma"], CultureInfo.InvariantCulture), 0.036, 0.044);
        Assert.InRange(double.Parse(row["kappa"], CultureInfo.InvariantCulture), 0.00135, 0.00165);
        Assert.Equal("within the measured range", row["peak_is"]); // √(0.96 / 0.0015) ≈ 25 threads
        Assert.Contains(result.Findings, f => f.Contains("Universal Scalability Law over 7 runs", StringComparison.Ordinal) && f.Contains("predicted peak at 25.", StringComparison.Ordinal));
        var chart = Assert.Single(result.Charts);
        Assert.Contains(chart.Series, s => s.Model && !s.Projection && s.X[^1] == 48);
        Assert.Contains(chart.Series, s => s.Projection && s.X[0] == 48 && s.X[^1] > 48);
        Assert.Contains(chart.Series, s => !s.Model && s.X.Count == Threads.Length);
    }

    [Fact]
    public void Client_bound_steps_are_left_out_and_too_few_steps_are_refused_saying_why()
    {
        var runs = Threads.Select(t => Step(t, UslFit.Model(1000, 0.04, 0.0015, t), clientBound: t >= 8)).ToList();

        var result = new ScalingLaw().Analyze(Input(runs));

        var finding = Assert.Single(result.Findings);
        Assert.Contains("no scaling-law fit: it needs measured points at 4 or more different counts, this has 3", finding);
        Assert.Contains("4 client-bound step(s) left out: 8 threads, 16 threads, 32 threads, 48 threads; they measured the client", finding);
    }

    [Fact]
    public void Include_client_bound_lets_client_bound_steps_into_the_fit_and_says_which()
    {
        var runs = Threads.Select(t => Step(t, UslFit.Model(1000, 0.04, 0.0015, t), clientBound: t >= 8)).ToList();

        var result = new ScalingLaw().Analyze(Input(runs, new AnalysisOptions { IncludeClientBound = true }));

        var finding = Assert.Single(result.Findings);
        Assert.Contains("Universal Scalability Law over 7 runs", finding);
        Assert.Contains("4 client-bound step(s) let in by --include-client-bound: 8 threads, 16 threads, 32 threads, 48 threads", finding);
        Assert.Contains(Assert.Single(result.Charts).Series, s => s.Model && !s.Projection && s.X[^1] == 48);
    }

    [Fact]
    public void The_dominant_non_cpu_wait_at_the_peak_and_beyond_is_named_and_each_step_is_a_stacked_bar()
    {
        // OPM peaks at 8 threads; from there LWLock:WALWrite holds 41 % and then 60 % of active session time.
        var runs = new[] { (1, 900L, 0.0), (2, 1700L, 0.05), (4, 3000L, 0.15), (8, 3400L, 0.41), (16, 3300L, 0.60) }
            .Select(s => Step(s.Item1, s.Item2, walShare: s.Item3)).ToList();

        var result = new WaitBreakdown().Analyze(Input(runs));

        Assert.Contains("OPM: at 8 threads (the peak), 41 % of active session time was LWLock:WALWrite (log/commit write).", result.Findings);
        Assert.Contains("OPM: at 16 threads, 60 % of active session time was LWLock:WALWrite (log/commit write).", result.Findings);
        Assert.DoesNotContain(result.Findings, f => f.StartsWith("OPM: at 4 threads", StringComparison.Ordinal));
        var steps = Assert.Single(result.Charts, c => c.Title.Contains("per step", StringComparison.Ordinal));
        Assert.Equal(["1 thread", "2 threads", "4 threads", "8 threads", "16 threads"], steps.Stacks.Select(s => s.Category));
        Assert.Equal(16 * 0.60, steps.Stacks[^1].Segments.Single(g => g.Name == "log/commit write").Value, 9);
        Assert.Equal("41.0", Row(result.Tables[0], "run", "t8.json")["top_non_cpu_pct_of_active"]);
    }

    [Fact]
    public void Runs_without_sampled_waits_leave_the_study_lacking_and_say_how_to_get_them()
    {
        var result = new WaitBreakdown().Analyze(Input([Run(1000, ("threads", "1"))]));

        Assert.Contains("--wait-rate", result.Missing);
    }

    /// <summary>A run at <paramref name="threads"/> whose sessions (as many as its threads) spent <paramref name="walShare"/> of their time on LWLock:WALWrite, the rest on CPU.</summary>
    private static AnalyzedRun Step(int threads, double opm, bool clientBound = false, double walShare = 0)
    {
        var waits = new ServerWaits
        {
            Samples = 6000,
            ActiveSessions = threads,
            Classes = new Dictionary<string, double> { ["cpu"] = threads * (1 - walShare), ["logWrite"] = threads * walShare },
            Top = walShare > 0
                ? [new WaitEventShare("CPU", "cpu", threads * (1 - walShare)), new WaitEventShare("LWLock:WALWrite", "logWrite", threads * walShare)]
                : [new WaitEventShare("CPU", "cpu", threads)],
        };
        var findings = clientBound ? new List<Finding> { new("client-bound", FindingSeverity.Warning, "the client was saturated") } : [];
        var server = new ServerMetricsSummary { Source = "server metrics", Average = new ServerIntervalMetrics { CpuPercent = 90, Waits = waits } };
        return new AnalyzedRun($"/results/t{threads}.json", RunOrigin.DvdStoreResult, Result((long)opm, findings, server), new Dictionary<string, string> { ["threads"] = threads.ToString(CultureInfo.InvariantCulture), ["engine"] = "postgres" });
    }
}
