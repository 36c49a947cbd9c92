using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using static DvdStore.Tests.Analysis.AnalysisFixtures;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// Reports that do not mislead at a glance (issue 27, "Reports"): no line left out of a chart without a word, legends
/// that tell configurations apart, a warm-up mark per run when warm-ups differ, singular units, durations in seconds,
/// the engine named once, empty tables left out and unrecorded figures not shown as 0.0.
/// </summary>
public sealed class ReportReadabilityTests
{
    [Fact]
    public void Eleven_configurations_are_eleven_lines_of_the_opm_and_latency_charts()
    {
        var runs = Enumerable.Range(1, 11).Select(u => WithLatency(TimedRun($"users-{u}.json", Noon, 6, 100 * u, ("threads", Text(u))))).ToList();

        var study = Overview(runs);

        Assert.Equal(11, Chart(study, "opm-over-time").Series.Count);
        Assert.Contains(Chart(study, "opm-over-time").Series, s => s.Name == "threads=11");
        Assert.Equal(11, Chart(study, "latency-percentiles").Series.Count);
        Assert.DoesNotContain(study.Findings, f => f.Contains("not drawn", StringComparison.Ordinal));
    }

    [Fact]
    public void Repeats_beyond_the_opm_chart_are_named_in_a_finding()
    {
        // Four configurations, three repeats each: every configuration and six repeats are drawn, two repeats named.
        var runs = (from repeat in Enumerable.Range(1, 3)
                    from users in Enumerable.Range(1, 4)
                    select TimedRun($"u{users}-r{repeat}.json", Noon, 6, 100 * users, ("threads", Text(users)))).ToList();

        var study = Overview(runs);

        var chart = Chart(study, "opm-over-time");
        Assert.Equal(10, chart.Series.Count);
        Assert.Equal(4, chart.Series.Count(s => s.Name.EndsWith("run 1", StringComparison.Ordinal)));
        var note = Assert.Single(study.Findings, f => f.Contains("not drawn", StringComparison.Ordinal));
        AssertText.ContainsAll(note, "u3-r3.json", "u4-r3.json");
        Assert.DoesNotContain("u1-r3.json", note, StringComparison.Ordinal);
    }

    [Fact]
    public void Configurations_whose_labels_share_a_long_beginning_keep_names_that_tell_them_apart()
    {
        var runs = new[]
        {
            TimedRun("a.json", Noon, 6, 100, ("generation", "Intel Xeon Platinum 8380 Ice Lake-SP 2021")),
            TimedRun("b.json", Noon, 6, 120, ("generation", "Intel Xeon Platinum 8380 Ice Lake-SP 2023")),
        };

        var names = Chart(Overview(runs), "opm-over-time").Series.Select(s => s.Name).ToList();

        Assert.Equal(["generation=Intel Xeon Platinum 8380 Ice Lake-SP 2021", "generation=Intel Xeon Platinum 8380 Ice Lake-SP 2023"], names);
    }

    [Fact]
    public void Runs_with_different_warmups_get_a_mark_each_in_their_colour_and_equal_ones_share_one()
    {
        var differing = Chart(Overview([WarmedUp("a.json", 2, ("threads", "4")), WarmedUp("b.json", 6, ("threads", "8"))]), "opm-over-time");
        var equal = Chart(Overview([WarmedUp("c.json", 6, ("threads", "4")), WarmedUp("d.json", 6, ("threads", "8"))]), "opm-over-time");

        Assert.Equal([20.0, 60.0], differing.Markers.Select(m => m.X));
        Assert.Equal(["threads=4", "threads=8"], differing.Markers.Select(m => m.Series));
        Assert.Single(differing.Markers, m => m.Label.Length > 0);
        var mark = Assert.Single(equal.Markers);
        Assert.Equal(60.0, mark.X);
        Assert.Null(mark.Series);
    }

    [Fact]
    public void One_of_a_unit_is_singular()
    {
        var scaling = new VcpuScaling().Analyze(Input([Run(10_000, ("vcpus", "1"), ("smt", "off")), Run(19_000, ("vcpus", "2"), ("smt", "off"))]));
        var peak = new PeakFinding().Analyze(Input([Run(10_000, ("threads", "1")), Run(10_100, ("threads", "2"))]));

        Assert.Contains(scaling.Charts[0].Series, s => s.Name == "linear from 1 vCPU");
        Assert.Contains(peak.Findings, f => f.Contains("peak at 1 thread,", StringComparison.Ordinal));
        Assert.DoesNotContain(peak.Findings.Concat(scaling.Findings), f => f.Contains("1 threads", StringComparison.Ordinal) || f.Contains(" 1 vCPUs", StringComparison.Ordinal));
    }

    [Fact]
    public void The_disclosure_gives_durations_in_seconds_and_names_the_engine_once()
    {
        var result = Result(1_000, ("threads", "4"));
        var run = new AnalyzedRun("/results/r.json", RunOrigin.DvdStoreResult, new RunResult
        {
            Totals = result.Totals,
            Parameters = new Dictionary<string, string> { ["warmup_time"] = (10 / 60.0).ToString(CultureInfo.InvariantCulture) },
            Context = new RunContext { Servers = [new ServerContext { Engine = "postgres", Product = "PostgreSQL", Version = "PostgreSQL 15.18" }] },
        }, new Dictionary<string, string>());

        var table = Disclosure.Table([run]);

        Assert.Equal("10 s", Row(table, "item", "Warm-up (statistics reset after it)")["value"]);
        Assert.Equal("PostgreSQL 15.18", Row(table, "item", "Database engine and version")["value"]);
    }

    [Fact]
    public void Published_figures_get_no_empty_transactions_table_and_no_rollback_figure()
    {
        var study = Overview([Run(30_000, ("threads", "4")), Run(31_000, ("threads", "8"))]);

        Assert.DoesNotContain(study.Tables, t => t.FileName == "transactions");
        Assert.Contains(study.Findings, f => f.Contains("no transactions table", StringComparison.Ordinal));
        Assert.All(Column(study.Tables.Single(t => t.FileName == "runs"), "rollback_pct"), c => Assert.Equal("", c));
    }

    [Fact]
    public void Html_and_markdown_put_text_left_numbers_right_show_a_dash_for_no_value_and_scroll_wide_tables()
    {
        var table = new ReportTable("Runs", "runs", ["file", "opm", "ci95", "note"], [["a.json", "27000", "± 120", "warm"], ["b.json", "1200", "", "cold"]]);
        var document = new ReportDocument("t", [], [new ReportSection("s", [new TableBlock(table)])]);

        var html = HtmlReport.Render(document, new Dictionary<ChartSpec, RenderedChart>());
        var md = MarkdownReport.Render(document);

        AssertText.ContainsAll(html, "<div class=\"wide\"><table>", "<td>a.json</td><td class=\"num\">27000</td><td class=\"num\">&#177; 120</td><td>warm</td>",
            "<td class=\"num\">—</td>", "<th>file</th><th class=\"num\">opm</th>", ".wide{overflow-x:auto");
        AssertText.ContainsAll(md, "|:---|---:|---:|:---|", "| b.json | 1200 | — | cold |");
    }

    private static StudyResult Overview(IEnumerable<AnalyzedRun> runs) => new RunOverview().Analyze(Input(runs));

    private static ChartSpec Chart(StudyResult study, string fileName) => study.Charts.Single(c => c.FileName == fileName);

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A run with <paramref name="warmupIntervals"/> 10 s warm-up intervals before six measured ones.</summary>
    private static AnalyzedRun WarmedUp(string name, int warmupIntervals, params (string Key, string Value)[] labels)
    {
        var run = TimedRun(name, Noon, 6 + warmupIntervals, 100, labels);
        var intervals = run.Result.Intervals.Select((x, i) => new IntervalSample
        {
            ElapsedSeconds = x.ElapsedSeconds,
            SinceStartSeconds = x.SinceStartSeconds,
            Measured = i >= warmupIntervals,
            Orders = x.Orders,
            IntervalOpm = x.IntervalOpm,
        }).ToList();
        return new AnalyzedRun(run.Source, run.Origin, new RunResult { Totals = run.Result.Totals, Intervals = intervals, Context = run.Result.Context }, run.Labels);
    }

    private static AnalyzedRun WithLatency(AnalyzedRun run)
    {
        var histogram = HistogramCodec.Create();
        histogram.RecordValue(20_000);
        return new AnalyzedRun(run.Source, run.Origin, new RunResult
        {
            Totals = run.Result.Totals,
            Intervals = run.Result.Intervals,
            OrderResponse = new TransactionStats { Kind = "Order", Count = 1, Histogram = HistogramCodec.Encode(histogram) },
            Context = run.Result.Context,
        }, run.Labels);
    }
}
