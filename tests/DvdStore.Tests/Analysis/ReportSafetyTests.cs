using DvdStore.Analysis.Reports;
using DvdStore.Cli;
using DvdStore.Tests.Infrastructure;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// Issue 13, reports and analysis: labels are short single lines wherever they enter; what they hold cannot become HTML,
/// Markdown structure or spreadsheet formulas in the report; runs that did not finish are listed but are no repeats;
/// DS3 files with figures no run can print are refused in one line.
/// </summary>
public sealed class ReportSafetyTests
{
    private static Task<(int Code, string Output, string Error)> Run(params string[] args) => InProcessCli.RunAsync(args);

    private static string Folder(string name)
    {
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, name);
        Directory.CreateDirectory(folder);
        return folder;
    }

    private static async Task Write(string folder, string file, RunResult result) =>
        await JsonResultWriter.WriteAsync(result, Path.Combine(folder, file), CancellationToken.None);

    [Fact]
    public async Task Html_pipes_and_headings_in_labels_stay_text_in_report_md()
    {
        var folder = Folder("hostile");
        await Write(folder, "a.json", AnalysisFixtures.Result(30_000, ("generation", "<script>alert(1)</script>"), ("vcpus", "8")));
        await Write(folder, "b.json", AnalysisFixtures.Result(50_000, ("generation", "<img src=x onerror=alert(1)>"), ("vcpus", "8")));
        await Write(folder, "c.json", AnalysisFixtures.Result(40_000, ("generation", "a|b|c"), ("vcpus", "8")));
        await Write(folder, "d.json", AnalysisFixtures.Result(20_000, ("generation", "# Heading"), ("vcpus", "8")));
        var outDir = Path.Combine(folder, "report");

        var (code, _, error) = await Run("analyze", folder, "--out", outDir);

        Assert.True(code == 0, error);
        var md = await File.ReadAllTextAsync(Path.Combine(outDir, "report.md"));
        Assert.DoesNotContain("<script", md, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("<img", md, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("&lt;script&gt;", md, StringComparison.Ordinal);
        Assert.DoesNotContain(md.Split('\n'), l => l.StartsWith("# Heading", StringComparison.Ordinal));
        // Every row of every table has as many cells as its header: a | in a label splits nothing.
        foreach (var block in md.Split("\n\n").Where(b => b.StartsWith('|')))
        {
            var rows = block.Split('\n').Where(r => r.Length > 0).ToList();
            var cells = rows.Select(r => System.Text.RegularExpressions.Regex.Matches(r, @"(?<!\\)\|").Count).Distinct().ToList();
            Assert.True(cells.Count == 1, "a table row has a different number of cells:\n" + block);
        }
    }

    [Theory]
    [InlineData("=HYPERLINK(\"http://evil.example\",\"x\")")]
    [InlineData("+1+cmd|' /C calc'!A0")]
    [InlineData("-2+3")]
    [InlineData("@SUM(A1:A2)")]
    public void Csv_cells_a_spreadsheet_would_run_get_a_leading_quote(string label)
    {
        var table = new ReportTable("t", "t", ["generation", "opm"], [[label, "-3.5"]]);

        var csv = CsvTable.Render(table).Split('\n')[1];

        Assert.StartsWith("\"'" + label[0], csv.StartsWith('"') ? csv : "\"" + csv, StringComparison.Ordinal);
        Assert.EndsWith(",-3.5", csv, StringComparison.Ordinal); // a negative number stays a number
    }

    [Fact]
    public async Task A_formula_label_lands_inert_in_generations_csv()
    {
        var folder = Folder("formula");
        await Write(folder, "a.json", AnalysisFixtures.Result(30_000, ("generation", "=HYPERLINK(\"http://evil.example\",\"x\")"), ("vcpus", "8")));
        await Write(folder, "b.json", AnalysisFixtures.Result(50_000, ("generation", "Zen4"), ("vcpus", "8")));
        var outDir = Path.Combine(folder, "report");

        var (code, _, error) = await Run("analyze", folder, "--out", outDir, "--study", "generations");

        Assert.True(code == 0, error);
        var csv = await File.ReadAllTextAsync(Path.Combine(outDir, "tables", "generations.csv"));
        Assert.Contains("\"'=HYPERLINK(", csv, StringComparison.Ordinal);
        Assert.DoesNotContain(csv.Split('\n').SelectMany(l => l.Split(',')), c => c.TrimStart('"').StartsWith('='));
    }

    [Theory]
    [InlineData("generation=a\nb", "control character")]
    [InlineData("generation=tab\there", "control character")]
    [InlineData("generation=LONG", "characters")]
    public async Task Run_refuses_a_label_with_control_characters_or_too_long_in_one_line(string label, string problem)
    {
        label = label.Replace("LONG", new string('x', 10_000), StringComparison.Ordinal);
        var file = TestServers.TempFile("never.db");

        var (code, output, error) = await Run("run", "--engine=sqlite", $"--connection=Data Source={file}", "--duration=1s", $"--label={label}");

        Assert.Equal(2, code);
        AssertUserError.OneLineOutput(error, "label generation=");
        Assert.Contains(problem, error, StringComparison.Ordinal);
        Assert.True(error.Length < 400, error);
        Assert.Empty(output);
        Assert.False(File.Exists(file));
    }

    [Fact]
    public async Task Analyze_skips_a_result_whose_label_breaks_the_rules_and_refuses_such_an_override()
    {
        var folder = Folder("badlabels");
        await Write(folder, "good.json", AnalysisFixtures.Result(30_000, ("vcpus", "8")));
        await Write(folder, "newline.json", AnalysisFixtures.Result(30_000, ("generation", "x\n# Heading")));
        await Write(folder, "long.json", AnalysisFixtures.Result(30_000, ("generation", new string('y', 10_000))));
        var outDir = Path.Combine(folder, "report");

        var (code, output, error) = await Run("analyze", folder, "--out", outDir);

        Assert.True(code == 0, error);
        Assert.Contains("1 run(s) analysed, 2 file(s) skipped", output, StringComparison.Ordinal);
        Assert.Contains("newline.json", error, StringComparison.Ordinal);
        Assert.Contains("long.json", error, StringComparison.Ordinal);
        Assert.DoesNotContain(new string('y', 300), error + await File.ReadAllTextAsync(Path.Combine(outDir, "report.md")), StringComparison.Ordinal);

        var refused = await Run("analyze", folder, "--out", Path.Combine(folder, "report2"), "--label", "generation=" + new string('z', 300));
        Assert.Equal(2, refused.Code);
        AssertUserError.OneLineOutput(refused.Error, "label generation=");
        Assert.False(Directory.Exists(Path.Combine(folder, "report2")));
    }

    [Fact]
    public async Task Failed_cancelled_and_interrupted_runs_are_listed_but_no_repeats_unless_asked()
    {
        var folder = Folder("unfinished");
        await Write(folder, "ok1.json", AnalysisFixtures.Result(1_000, ("vcpus", "8")));
        await Write(folder, "ok2.json", AnalysisFixtures.Result(1_100, ("vcpus", "8")));
        await Write(folder, "failed.json", Ended(AnalysisFixtures.Result(0, ("vcpus", "8")), RunOutcome.Failed));
        await Write(folder, "cancelled.json", Ended(AnalysisFixtures.Result(50, ("vcpus", "8")), RunOutcome.Cancelled));
        await Write(folder, "killed.json", Ended(AnalysisFixtures.Result(10, ("vcpus", "8")), RunOutcome.Interrupted));

        var outDir = Path.Combine(folder, "report");
        var (code, output, error) = await Run("analyze", folder, "--out", outDir, "--study", "scaling");
        Assert.True(code == 0, error);
        Assert.Contains("5 run(s) analysed", output, StringComparison.Ordinal);
        var repeats = await File.ReadAllLinesAsync(Path.Combine(outDir, "tables", "repeats.csv"));
        Assert.Equal("(all runs),2,1050", string.Join(',', repeats[1].Split(',').Take(3)));
        var runs = await File.ReadAllTextAsync(Path.Combine(outDir, "tables", "runs.csv"));
        foreach (var outcome in new[] { "Failed", "Cancelled", "Interrupted" })
        {
            Assert.Contains(outcome, runs, StringComparison.Ordinal);
        }

        var md = await File.ReadAllTextAsync(Path.Combine(outDir, "report.md"));
        Assert.Contains("left out of the repeats", md, StringComparison.Ordinal);

        var allDir = Path.Combine(folder, "report-all");
        (code, _, error) = await Run("analyze", folder, "--out", allDir, "--study", "scaling", "--include-unfinished");
        Assert.True(code == 0, error);
        repeats = await File.ReadAllLinesAsync(Path.Combine(allDir, "tables", "repeats.csv"));
        Assert.Equal("5", repeats[1].Split(',')[1]);
    }

    private static RunResult Ended(RunResult r, RunOutcome outcome) => new()
    {
        RunId = r.RunId,
        StartUtc = r.StartUtc,
        EndUtc = r.EndUtc,
        Outcome = outcome,
        Totals = r.Totals,
        Context = r.Context,
    };

    private const string GoodLine = "et=   60.0 n_overall=27700 opm=27700 rt_tot_lastn_max_msec=144 rt_tot_avg_msec=54 rt_tot_sampled=54 rollbacks: n=530 %=  1.9 ";

    [Theory]
    [InlineData("et=   60.0 n_overall=27700 opm=-50000 rt_tot_lastn_max_msec=144 rt_tot_avg_msec=54 rt_tot_sampled=54 rollbacks: n=530 %=  1.9 ", "negative")]
    [InlineData("et=   60.0 n_overall=27700 opm=9223372036854775807 rt_tot_lastn_max_msec=144 rt_tot_avg_msec=54 rt_tot_sampled=54 rollbacks: n=530 %=  1.9 ", "billion")]
    [InlineData("Final (11/23/2026 10:04:05 AM): et=NaN n_overall=5 opm=1e999 rt_tot_lastn_max=152 rt_tot_avg=54", "not a finite number")]
    [InlineData("Final (11/23/2026 10:04:05 AM): et=  60.0 n_overall=27700 opm=9223372036854775807 rt_tot_lastn_max=152", "billion")]
    [InlineData("Final (11/23/2026 10:04:05 AM): et=  60.0 n_overall=27700 opm=-50000 rt_tot_lastn_max=152", "negative")]
    [InlineData("Final (11/23/2026 10:04:05 AM): et=  60.0 n_overall=27700 opm=900000 rt_tot_lastn_max=152", "does not follow")]
    public async Task A_ds3_log_with_impossible_figures_is_refused_in_one_line(string line, string problem)
    {
        var folder = Folder("ds3bad");
        var good = Path.Combine(folder, "good.log");
        var bad = Path.Combine(folder, "bad.log");
        await File.WriteAllTextAsync(good, GoodLine + "\n");
        await File.WriteAllTextAsync(bad, (line.StartsWith("Final", StringComparison.Ordinal) ? "" : GoodLine + "\n") + line + "\n");
        var outDir = Path.Combine(folder, "report");

        var (code, output, error) = await Run("analyze", good, bad, "--out", outDir);

        Assert.True(code == 0, error);
        Assert.Contains("1 run(s) analysed, 1 file(s) skipped", output, StringComparison.Ordinal);
        var reason = Assert.Single(error.TrimEnd().Split('\n'), l => l.Contains("bad.log", StringComparison.Ordinal));
        Assert.Contains(problem, reason, StringComparison.Ordinal);

        // Alone, the file is refused outright.
        (code, _, error) = await Run("analyze", bad, "--out", Path.Combine(folder, "alone"));
        Assert.NotEqual(0, code);
        Assert.Single(error.TrimEnd().Split('\n'));
    }
}
