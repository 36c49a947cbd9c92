using System.Text.RegularExpressions;
using DvdStore.Cli;

namespace DvdStore.Tests.Cli;

/// <summary>
/// README's main command end to end, on a 1MB store and a 2-second run to stay quick: it builds the SQLite store,
/// drives it, prints OPM and writes a result file; run again, it resets the store instead of rebuilding it.
/// </summary>
public sealed partial class QuickstartCommandTests
{
    [Fact]
    public async Task Quickstart_builds_drives_prints_opm_and_writes_a_result_then_resets_the_store_next_time()
    {
        var file = TestServers.TempFile("quickstart.db");
        var results = Path.Combine(Path.GetDirectoryName(file)!, "results");
        string[] args = ["quickstart", "--file", file, "--size", "1MB", "--users", "2", "--duration", "2", "--out", results];

        var (code, output) = await RunAsync(args);

        Assert.True(code == 0, output);
        Assert.Contains("building a 1MB store", output, StringComparison.Ordinal);
        // The tests run a Release build: the first line says the figures come from an optimised one.
        Assert.StartsWith("quickstart: an optimised (Release) build", output, StringComparison.Ordinal);
        // The lines add up: OPM is the measured phase, the cross-check counts the warm-up's orders too.
        Assert.Contains("quickstart: OPM is over the 2 s measured after a 5 s warm-up; the cross-check above counts the orders of both", output, StringComparison.Ordinal);
        var opm = OpmLine().Match(output);
        Assert.True(opm.Success, output);
        Assert.True(long.Parse(opm.Groups[1].Value, NumberStyles.AllowThousands, CultureInfo.InvariantCulture) > 0, output);
        var result = RunResultReader.Read(Assert.Single(Directory.GetFiles(results, "*.result.json")));
        Assert.True(result.Totals.Orders > 0);
        Assert.True(result.CrossCheck!.Matches);
        Assert.Equal("quickstart", result.Context.Labels["study"]);

        var (again, secondOutput) = await RunAsync(args);

        Assert.True(again == 0, secondOutput);
        Assert.Contains("resetting the 1MB store", secondOutput, StringComparison.Ordinal);
        Assert.DoesNotContain("building a 1MB store", secondOutput, StringComparison.Ordinal);
        Assert.Equal(2, Directory.GetFiles(results, "*.result.json").Length);
    }

    [GeneratedRegex(@"quickstart: ([\d,]+) OPM \(")]
    private static partial Regex OpmLine();

    private static async Task<(int Code, string Output)> RunAsync(string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(args, output, error, CancellationToken.None);
        return (code, output + error.ToString());
    }
}
