using DvdStore.Cli;
using DvdStore.Tests.Infrastructure;

namespace DvdStore.Tests.Analysis;

/// <summary>`dvdstore analyze` end to end: result files in, report out; bad input is one line on stderr.</summary>
public sealed class AnalyzeCommandTests
{
    private static Task<(int Code, string Output, string Error)> Run(params string[] args) => InProcessCli.RunAsync(args);

    private static async Task<string> ResultsFolder()
    {
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "results");
        Directory.CreateDirectory(Path.Combine(folder, "driver2"));
        (string File, long Opm, string Vcpus)[] runs = [("a.json", 30_000, "8"), ("b.json", 57_000, "16"), (Path.Combine("driver2", "c.json"), 108_000, "32")];
        foreach (var (file, opm, vcpus) in runs)
        {
            await JsonResultWriter.WriteAsync(AnalysisFixtures.Result(opm, ("vcpus", vcpus), ("engine", "postgres")), Path.Combine(folder, file), CancellationToken.None);
        }

        return folder;
    }

    [Fact]
    public async Task Analyze_reads_a_folder_of_results_and_writes_the_report()
    {
        var folder = await ResultsFolder();
        await File.WriteAllTextAsync(Path.Combine(folder, "notes.txt"), "not a run");
        var outDir = Path.Combine(Path.GetDirectoryName(folder)!, "report");

        var (code, output, error) = await Run("analyze", folder, "--out", outDir, "--study", "scaling,peak", "--label", "b.json:vcpus=12");

        Assert.Equal(0, code);
        Assert.Contains("3 run(s) analysed, 1 file(s) skipped", output, StringComparison.Ordinal);
        Assert.Contains("notes.txt", error, StringComparison.Ordinal);
        var scaling = await File.ReadAllTextAsync(Path.Combine(outDir, "tables", "scaling.csv"));
        Assert.Contains(",12,", scaling, StringComparison.Ordinal); // the override replaced b.json's 16 vCPUs
        Assert.DoesNotContain(",16,", scaling, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(outDir, "report.html")));
        Assert.True(File.Exists(Path.Combine(outDir, "charts", "scaling.png")));
    }

    /// <summary>A sweep's folder holds its own report (tables/*.csv beside report.md) and sweep.json: no runs, and no "skipped" lines either.</summary>
    [Fact]
    public async Task The_kits_own_outputs_in_a_results_folder_are_passed_over_silently_but_a_foreign_file_is_still_named()
    {
        var folder = await ResultsFolder();
        var second = Path.Combine(Path.GetDirectoryName(folder)!, "second-report");
        Assert.Equal(0, (await Run("analyze", folder, "--out", Path.Combine(folder, "report"))).Code);
        await File.WriteAllTextAsync(Path.Combine(folder, "sweep.json"), """{ "sweep": "s1", "pin_method": "unpinned", "plan": { "users": [1, 2] }, "sets": [] }""");
        await File.WriteAllTextAsync(Path.Combine(folder, "notes.csv"), "a,b\n1,2\n");

        var (code, output, error) = await Run("analyze", folder, "--out", second);

        Assert.Equal(0, code);
        Assert.Contains("3 run(s) analysed, 1 file(s) skipped", output, StringComparison.Ordinal);
        Assert.Contains("notes.csv", error, StringComparison.Ordinal);
        Assert.DoesNotContain("sweep.json", error, StringComparison.Ordinal);
        Assert.DoesNotContain("tables", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_readme_example_gives_the_figures_it_shows()
    {
        var root = AppContext.BaseDirectory;
        while (!File.Exists(Path.Combine(root, "DvdStore.sln")))
        {
            root = Path.GetDirectoryName(root) ?? throw new InvalidOperationException("repository root not found");
        }

        var example = Path.Combine(root, "docs", "examples", "analysis");
        var outDir = TestServers.TempFile("report");

        var (code, output, _) = await Run("analyze", Path.Combine(example, "runs"), "--labels", Path.Combine(example, "labels.csv"), "--out", outDir);

        Assert.Equal(0, code);
        var readme = await File.ReadAllTextAsync(Path.Combine(root, "README.md"));
        foreach (var line in output.Split('\n').Where(l => l.StartsWith("OPM (SMT off):", StringComparison.Ordinal) || l.StartsWith("SMT on", StringComparison.Ordinal)))
        {
            Assert.Contains(line.TrimEnd('\r'), readme, StringComparison.Ordinal);
        }

        Assert.Contains("OPM (SMT off): 8 → 32 vCPUs gives 3.62× the OPM (90.5 % of linear)", output, StringComparison.Ordinal);
        Assert.DoesNotContain("→ 64 vCPUs", output, StringComparison.Ordinal); // the SMT-on run is no point of the SMT-off curve
        Assert.Contains("+25.7 %", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Analyze_lists_itself_with_help()
    {
        var (code, output, _) = await Run("analyze", "--help");

        Assert.Equal(0, code);
        AssertText.ContainsAll(output, "--study", "--baseline", "--out");
    }

    [Fact]
    public async Task No_inputs_is_a_usage_error()
    {
        var (code, _, error) = await Run("analyze", "--out", TestServers.TempFile("out"));

        Assert.Equal(2, code);
        Assert.Single(error.TrimEnd().Split('\n'));
    }

    [Fact]
    public async Task An_empty_folder_is_one_line_and_writes_nothing()
    {
        var empty = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var outDir = TestServers.TempFile("report");

        var (code, _, error) = await Run("analyze", empty, "--out", outDir);

        Assert.Equal(2, code);
        AssertUserError.OneLineOutput(error, "no readable run");
        Assert.False(Directory.Exists(outDir));
    }

    [Fact]
    public async Task A_foreign_file_alone_is_named_in_one_line()
    {
        var foreign = TestServers.TempFile("package.json");
        await File.WriteAllTextAsync(foreign, "{\"name\": \"left-pad\"}");

        var (code, _, error) = await Run("analyze", foreign, "--out", TestServers.TempFile("report"));

        Assert.Equal(2, code);
        AssertUserError.OneLineOutput(error, "package.json is not a dvdstore run result");
    }

    [Fact]
    public async Task A_missing_input_and_an_unknown_study_are_one_line_each()
    {
        var folder = await ResultsFolder();

        var missing = await Run("analyze", Path.Combine(folder, "nope.json"), "--out", TestServers.TempFile("r"));
        var study = await Run("analyze", folder, "--out", TestServers.TempFile("r"), "--study", "speed");

        Assert.Equal(2, missing.Code);
        Assert.Contains("nope.json does not exist", missing.Error, StringComparison.Ordinal);
        Assert.Equal(2, study.Code);
        Assert.Contains("unknown study 'speed'", study.Error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task An_unwritable_out_is_one_line()
    {
        var folder = await ResultsFolder();
        var file = TestServers.TempFile("taken");
        await File.WriteAllTextAsync(file, "x");

        var (code, _, error) = await Run("analyze", folder, "--out", file);

        Assert.Equal(2, code);
        AssertUserError.OneLineOutput(error, "choose a writable --out folder");
    }
}
