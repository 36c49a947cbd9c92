using DvdStore.Cli;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// Issue 16: the published figures (SeedRuns) come out of `dvdstore analyze` exactly, each study analysed alone and
/// all of them mixed in one folder: every study keeps its own baseline, the hyper-threading pair is no generation's
/// peak, SMT on and off never share a curve, and failed or cancelled runs are listed but change no figure.
/// With DVDSTORE_EXAMPLE_OUT set, the mixed analysis is also written there (scripts/example-report.sh → docs/examples/seeds).
/// </summary>
public sealed class SeedStudiesTests
{
    private const string Capstone120 = "4x120vCPU: 4 instance(s) together 360000 OPM over a 300 s common window, 90.0 % of linear from 1x120vCPU.";
    private const string Capstone30 = "16x30vCPU: 16 instance(s) together 432000 OPM over a 300 s common window, 90.0 % of linear from 1x30vCPU.";
    private const string HtGain = "SMT on gains +27.0 % OPM (156000 → 198120)";
    private const string Generation = "Skylake reaches 3.90× the peak OPM of Westmere-EX (40000 → 156000).";
    private const string Normalised = ": 0.96× platform=native (126000 → 120960 OPM)";

    private static async Task<(string Output, string Error, string OutDir)> Analyze(string name, IEnumerable<(string File, DvdStore.Driver.Results.RunResult Result)> runs, params string[] extra)
    {
        var root = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, name);
        var folder = await SeedRuns.WriteAsync(Path.Combine(root, "runs"), runs);
        var outDir = Path.Combine(root, "report");
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(["analyze", folder, "--out", outDir, .. extra], output, error, CancellationToken.None);
        Assert.True(code == 0, error.ToString());
        return (output.ToString(), error.ToString(), outDir);
    }

    [Fact]
    public async Task Each_published_study_alone_gives_its_figure()
    {
        var capstone = await Analyze("capstone", SeedRuns.Capstone(), "--study", "scaleout");
        Assert.Contains(Capstone120, capstone.Output, StringComparison.Ordinal);
        Assert.Contains(Capstone30, capstone.Output, StringComparison.Ordinal);

        var ht = await Analyze("ht", SeedRuns.HyperThreading(), "--study", "ht");
        Assert.Contains(HtGain, ht.Output, StringComparison.Ordinal);

        var generations = await Analyze("generations", SeedRuns.Generations(), "--study", "generations");
        Assert.Contains(Generation, generations.Output, StringComparison.Ordinal);

        var containers = await Analyze("containers", SeedRuns.Containers(), "--study", "normalize", "--baseline", "normalize=native");
        Assert.Contains(Normalised, containers.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task All_published_studies_in_one_folder_give_the_same_figures()
    {
        var (output, _, outDir) = await Analyze("seeds", SeedRuns.All(), "--baseline", "normalize=native");

        Assert.Contains(Capstone120, output, StringComparison.Ordinal);
        Assert.Contains(Capstone30, output, StringComparison.Ordinal);
        Assert.Contains(HtGain, output, StringComparison.Ordinal);
        Assert.Contains(Generation, output, StringComparison.Ordinal);
        Assert.Contains(Normalised, output, StringComparison.Ordinal);
        Assert.DoesNotContain("4.95×", output, StringComparison.Ordinal); // the two-VM pair is no Skylake peak
        Assert.DoesNotContain("27.0 % of linear", output, StringComparison.Ordinal); // no baseline shared across shapes
        Assert.DoesNotContain("112 → 224 vCPUs", output, StringComparison.Ordinal); // SMT off and on never share a curve

        var md = await File.ReadAllTextAsync(Path.Combine(outDir, "report.md"));
        AssertText.ContainsAll(md, "capstone-1x120-vm2-cancelled.json | ", "skylake-112-r4-failed.json | ",
            "| Database engine and version | Oracle Database 12.2.0.1 (32 runs); PostgreSQL 9.6.5 (17 runs) |");

        await WriteExample(outDir);
    }

    [Fact]
    public async Task A_baseline_per_study_rebases_that_study_alone()
    {
        var (output, _, _) = await Analyze("rebased", SeedRuns.All(), "--baseline", "scaleout=4x120vCPU", "--baseline", "normalize=platform=docker");

        Assert.Contains("1x120vCPU: 1 instance(s) together 100000 OPM over a 300 s common window, 111.1 % of linear from 4x120vCPU.", output, StringComparison.Ordinal);
        Assert.Contains(Capstone30, output, StringComparison.Ordinal); // the 30-vCPU study keeps its own smallest set
        Assert.Contains(": 1.04× platform=docker", output, StringComparison.Ordinal);
        Assert.Contains(Generation, output, StringComparison.Ordinal);
    }

    /// <summary>The sample report under docs/examples: written only when DVDSTORE_EXAMPLE_OUT names the folder.</summary>
    private static async Task WriteExample(string reportDir)
    {
        var target = Environment.GetEnvironmentVariable("DVDSTORE_EXAMPLE_OUT");
        if (string.IsNullOrEmpty(target))
        {
            return;
        }

        var report = Path.Combine(target, "report");
        if (Directory.Exists(report))
        {
            Directory.Delete(report, recursive: true);
        }

        // The report reads as if made in the repository: its input is docs/examples/seeds/runs, not a temp folder.
        var runs = Path.GetFullPath(Path.Combine(reportDir, "..", "runs"));
        await SeedRuns.WriteAsync(Path.Combine(target, "runs"), SeedRuns.All());
        foreach (var file in Directory.EnumerateFiles(reportDir, "*", SearchOption.AllDirectories).Where(f => !f.EndsWith(".svg", StringComparison.Ordinal)))
        {
            var destination = Path.Combine(report, Path.GetRelativePath(reportDir, file));
            Directory.CreateDirectory(Path.GetDirectoryName(destination)!);
            File.Copy(file, destination, overwrite: true);
            if (destination.EndsWith(".md", StringComparison.Ordinal) || destination.EndsWith(".html", StringComparison.Ordinal))
            {
                var text = await File.ReadAllTextAsync(destination);
                await File.WriteAllTextAsync(destination, text.Replace(runs, "docs/examples/seeds/runs", StringComparison.Ordinal));
            }
        }
    }
}
