using System.Buffers.Binary;
using System.Xml.Linq;
using DvdStore.Analysis;
using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using static DvdStore.Tests.Analysis.AnalysisFixtures;

namespace DvdStore.Tests.Analysis;

/// <summary>The report folder: Markdown, self-contained HTML, CSV tables and real PNG/SVG charts.</summary>
public sealed class ReportTests
{
    private static readonly byte[] PngSignature = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A];

    private static List<AnalyzedRun> StudyRuns()
    {
        var histogram = HistogramCodec.Create();
        foreach (var us in new long[] { 20_000, 30_000, 40_000, 50_000, 120_000 })
        {
            histogram.RecordValue(us);
        }

        var withLatency = Run(30_000, ("vcpus", "8"), ("smt", "off"), ("threads", "16"));
        withLatency = new AnalyzedRun(withLatency.Source, withLatency.Origin, new RunResult
        {
            Totals = withLatency.Result.Totals,
            OrderResponse = new TransactionStats { Kind = "Order", Count = 5, Histogram = HistogramCodec.Encode(histogram) },
            Context = withLatency.Result.Context,
        }, withLatency.Labels);
        return
        [
            withLatency,
            Run(57_000, ("vcpus", "16"), ("smt", "off"), ("threads", "16")),
            Run(108_000, ("vcpus", "32"), ("smt", "off"), ("threads", "16")),
            Run(137_000, ("vcpus", "64"), ("smt", "on"), ("threads", "16")),
            TimedRun("sweep-8.json", Noon, 6, 3_000, ("vcpus", "8"), ("smt", "off"), ("threads", "8")),
        ];
    }

    [Fact]
    public async Task The_report_folder_holds_markdown_html_tables_and_charts()
    {
        var runs = StudyRuns();
        var report = Analyzer.Analyze(["/results"], new LoadedRuns(runs, [new SkippedFile("/results/notes.txt", "not a run")]), StudyCatalog.All, new AnalysisOptions());
        var folder = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var outDir = Path.Combine(folder, "report");

        var written = await ReportWriter.WriteAsync(report, outDir, CancellationToken.None);

        Assert.All(written, f => Assert.True(new FileInfo(f).Length > 0, f));
        Assert.Empty(Directory.GetFiles(outDir, "*.tmp", SearchOption.AllDirectories));

        var md = await File.ReadAllTextAsync(Path.Combine(outDir, "report.md"));
        AssertText.ContainsAll(md, "## vCPU scaling", "## Executive summary", "## System under test and client", "## Method",
            "| OPM (SMT off): 8 → 32 vCPUs: 3.60× the OPM, 90.0 % of linear |", "| series | vcpus | threads | smt | opm |",
            "![OPM vs vCPUs, with linear scaling](charts/scaling.png)", "## Hyper-threading gain",
            "Not computed: needs runs of two or more generations", "`/results/notes.txt`: not a run");

        var html = await File.ReadAllTextAsync(Path.Combine(outDir, "report.html"));
        Assert.StartsWith("<!DOCTYPE html>", html, StringComparison.Ordinal);
        Assert.Contains("data:image/png;base64,", html, StringComparison.Ordinal);
        Assert.DoesNotContain("src=\"http", html, StringComparison.Ordinal);
        Assert.DoesNotContain("src=\"charts/", html, StringComparison.Ordinal);
        Assert.Contains(">efficiency_pct_of_linear</th>", html, StringComparison.Ordinal);
        // One document, two renderings: every heading of the Markdown is a heading of the HTML, in the same order.
        var mdHeadings = md.Split('\n').Where(l => l.StartsWith('#')).Select(l => l.TrimStart('#').Trim()).ToList();
        var htmlHeadings = System.Text.RegularExpressions.Regex.Matches(html, "<h[1-6]>(.*?)</h[1-6]>").Select(m => System.Net.WebUtility.HtmlDecode(m.Groups[1].Value)).ToList();
        Assert.Equal(mdHeadings.Select(h => h.Replace("\\", "", StringComparison.Ordinal)), htmlHeadings);
        Assert.True(File.Exists(Path.Combine(outDir, "tables", "system.csv")));
        Assert.True(File.Exists(Path.Combine(outDir, "tables", "summary.csv")));

        var scaling = await File.ReadAllLinesAsync(Path.Combine(outDir, "tables", "scaling.csv"));
        Assert.Equal("series,vcpus,threads,smt,opm,ci95,runs,cv_pct,noise,speedup,efficiency_pct_of_linear,opm_per_vcpu,marginal_pct_of_linear,server_cpu_pct,client_bound", scaling[0]);
        Assert.Equal(4, scaling.Length); // header + 8, 16, 32 vCPUs with SMT off; 64 with SMT on is no curve of its own
        Assert.DoesNotContain(scaling, l => l.Contains(",64,", StringComparison.Ordinal));
        Assert.Contains(scaling, l => l.Contains(",32,16,off,108000,", StringComparison.Ordinal) && l.Contains(",3.60,90.0,3375,", StringComparison.Ordinal));
        Assert.True(File.Exists(Path.Combine(outDir, "tables", "runs.csv")));
        Assert.True(File.Exists(Path.Combine(outDir, "tables", "repeats.csv")));
        Assert.Contains("notes.txt", await File.ReadAllTextAsync(Path.Combine(outDir, "tables", "skipped.csv")), StringComparison.Ordinal);

        foreach (var chart in new[] { "scaling", "ht", "peak", "opm-over-time", "latency-percentiles" })
        {
            AssertPng(await File.ReadAllBytesAsync(Path.Combine(outDir, "charts", chart + ".png")), ChartRenderer.Width, ChartRenderer.Height);
            AssertSvg(await File.ReadAllTextAsync(Path.Combine(outDir, "charts", chart + ".svg")));
        }
    }

    [Fact]
    public void Line_and_bar_charts_render_as_real_images_of_the_asked_size()
    {
        var line = new ChartSpec("OPM vs vCPUs", "line", "vCPUs", "Orders per minute (OPM)")
        {
            Series = [new ChartSeries("OPM", [8, 16, 32], [30_000, 57_000, 108_000]), new ChartSeries("linear", [8, 16, 32], [30_000, 60_000, 120_000], Reference: true)],
        };
        var bars = new ChartSpec("Generations", "bars", "", "Peak OPM relative to baseline (×)")
        {
            Bars = [new ChartBar("westmere", 1.0), new ChartBar("skylake", 3.92, 0.1)],
            ReferenceValue = 1.0,
            ReferenceLabel = "baseline",
        };
        var percentiles = new ChartSpec("Percentiles", "p", "Percentile", "Response time (ms)")
        {
            Series = [new ChartSeries("orders", [0, 1, 2], [20, 40, 120])],
            XCategories = ["p50", "p95", "p99"],
        };

        foreach (var spec in new[] { line, bars, percentiles })
        {
            var rendered = ChartRenderer.Render(spec, 800, 450);
            AssertPng(rendered.Png, 800, 450);
            AssertSvg(rendered.Svg);
            Assert.Contains(spec.Title, rendered.Svg, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task An_unwritable_out_folder_is_a_one_line_user_error()
    {
        var file = TestServers.TempFile("taken");
        await File.WriteAllTextAsync(file, "a file, not a folder");

        AssertUserError.OneLine(() => ReportWriter.EnsureWritable(Path.Combine(file, "report")), "choose a writable --out folder");
    }

    private static void AssertPng(byte[] png, int width, int height)
    {
        Assert.True(png.Length > 1000, "PNG is suspiciously small");
        Assert.Equal(PngSignature, png[..8]);
        Assert.Equal("IHDR", System.Text.Encoding.ASCII.GetString(png, 12, 4));
        Assert.Equal(width, BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(16, 4)));
        Assert.Equal(height, BinaryPrimitives.ReadInt32BigEndian(png.AsSpan(20, 4)));
    }

    private static void AssertSvg(string svg)
    {
        var root = XDocument.Parse(svg).Root!;
        Assert.Equal("svg", root.Name.LocalName);
        Assert.True(root.Descendants().Count() > 10, "SVG has almost no content");
    }
}
