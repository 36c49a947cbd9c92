using System.Text.RegularExpressions;
using DvdStore.Cli;
using DvdStore.Tests.Driver;
using DvdStore.Tests.Trust;
using Xunit.Abstractions;

namespace DvdStore.Tests.Fleet;

/// <summary>
/// A fleet as Kubernetes runs it, on PostgreSQL: four `dvdstore run` processes that differ only in JOB_COMPLETION_INDEX
/// start together through the barrier table, and `analyze` merges them into one run whose orders add up exactly.
/// </summary>
public sealed partial class FleetRunTests(ITestOutputHelper log)
{
    private const int Drivers = 4;
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(5);

    [Fact]
    public async Task Four_drivers_start_at_the_barrier_and_merge_into_one_run_whose_orders_add_up()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.PostgreSql);
        var folder = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var results = Path.Combine(folder, "results");
        var ordersBefore = await store.CountAsync("ORDERS");
        var fleet = "t" + Guid.NewGuid().ToString("N")[..10];

        var runs = await Task.WhenAll(Enumerable.Range(0, Drivers).Select(i => ChildProcess.RunAsync(
            "dotnet",
            [CliProcess.Dll, "run", "--engine", "postgres", "--connection", store.Target.ConnectionString, "--db_size", "1MB", "--fleet", fleet, "--fleet-size", "4",
             "--fleet-timeout", "3m", "--n_threads", "2", "--warmup", "0", "--duration", "4s", "--log_freq", "1", "--out", results, "--result-stdout", "Y"],
            folder,
            Limit,
            new Dictionary<string, string> { ["JOB_COMPLETION_INDEX"] = i.ToString(CultureInfo.InvariantCulture) })));

        var ordersAfter = await store.CountAsync("ORDERS");
        foreach (var (code, output) in runs)
        {
            Assert.True(code == 0, output);
            Assert.Contains($"fleet {fleet}: all 4 drivers arrived", output, StringComparison.Ordinal);
            var spread = StartedWithin().Match(output);
            Assert.True(spread.Success, output);
            log.WriteLine($"barrier start: {spread.Value}");
            Assert.Contains(": OK", CrossCheckLine().Match(output).Value, StringComparison.Ordinal);
        }

        var files = Directory.GetFiles(results, "*.result.json").Select(RunResultReader.Read).ToList();
        Assert.Equal(Drivers, files.Count);
        Assert.Equal([0, 1, 2, 3], files.Select(static r => r.Fleet!.Member).Order());
        Assert.All(files, r => Assert.Equal(fleet, r.Context.Labels["scaleout"]));
        Assert.Equal(ordersAfter - ordersBefore, files.Sum(static r => r.Fleet!.MemberCommitted));

        // The barrier: no driver started measuring before the last one had registered (one machine, one clock).
        var lastArrival = files.Max(static r => r.Fleet!.ArrivedUtc);
        Assert.All(files, r => Assert.True(r.Fleet!.StartedUtc >= lastArrival, $"driver {r.Fleet!.Member} started at {r.Fleet!.StartedUtc:O}, before the last arrival {lastArrival:O}"));
        Assert.True(files.Max(static r => r.Fleet!.BarrierWaitMs) > 0);

        // The folder of result files, then the drivers' stdout alone (what kubectl logs collects): the same merged run.
        var logFile = Path.Combine(folder, "fleet.log");
        await File.WriteAllTextAsync(logFile, string.Concat(runs.Select(static r => r.Output)));
        foreach (var input in new[] { results, logFile })
        {
            var report = Path.Combine(folder, "report-" + Path.GetFileName(input));
            var (code, output) = await AnalyzeAsync(input, report);
            Assert.True(code == 0, output);
            log.WriteLine(output.Split('\n').First(l => l.StartsWith($"fleet {fleet}:", StringComparison.Ordinal)));
            var fleetRow = Rows(Path.Combine(report, "tables", "fleet.csv")).Single();
            Assert.Equal("4", fleetRow["drivers"]);
            Assert.Equal("exact", fleetRow["cross_check"]);
            Assert.Equal((ordersAfter - ordersBefore).ToString(CultureInfo.InvariantCulture), fleetRow["db_gained"]);
            Assert.Equal(fleetRow["db_gained"], fleetRow["drivers_committed"]);
            var merged = double.Parse(fleetRow["merged_opm"], CultureInfo.InvariantCulture);
            var drivers = Rows(Path.Combine(report, "tables", "fleet-drivers.csv")).ToList();
            Assert.Equal(Drivers, drivers.Count);
            var sum = drivers.Sum(static d => double.Parse(d["opm_in_window"], CultureInfo.InvariantCulture));
            Assert.True(Math.Abs(merged - sum) <= 0.05 * (Drivers + 1), $"merged {merged} OPM, drivers' sum {sum}");
            Assert.True(merged > 0);
            Assert.All(drivers, d => Assert.True(d["client"] is "ok" or "SATURATED"));
            Assert.All(drivers, d => Assert.True(double.Parse(d["start_skew_ms"], CultureInfo.InvariantCulture) >= 0, d["start_skew_ms"]));
            Assert.Contains(drivers, static d => d["start_skew_ms"] == "0.0"); // skews are counted from the first start
        }
    }

    [Fact]
    public async Task A_driver_whose_fleet_never_arrives_fails_after_the_timeout_with_one_line()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.PostgreSql);
        var folder = Path.GetDirectoryName(TestServers.TempFile("x"))!;

        var (code, output) = await ChildProcess.RunAsync(
            "dotnet",
            [CliProcess.Dll, "run", "--engine", "postgres", "--connection", store.Target.ConnectionString, "--db_size", "1MB", "--fleet", "lonely", "--fleet-size", "2",
             "--fleet-index", "1", "--fleet-timeout", "2s", "--n_threads", "1", "--warmup", "0", "--duration", "2s", "--out", Path.Combine(folder, "results")],
            folder,
            Limit);

        Assert.NotEqual(0, code);
        var error = Assert.Single(output.Split('\n'), static l => l.StartsWith("error:", StringComparison.Ordinal));
        Assert.Contains("only 1 of 2 drivers arrived within 2 s", error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", output, StringComparison.Ordinal);
        Assert.False(Directory.Exists(Path.Combine(folder, "results")) && Directory.GetFiles(Path.Combine(folder, "results")).Length > 0);
    }

    private static async Task<(int Code, string Output)> AnalyzeAsync(string input, string report)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(["analyze", input, "--out", report], output, error, CancellationToken.None);
        return (code, output + error.ToString());
    }

    private static IEnumerable<Dictionary<string, string>> Rows(string csv)
    {
        var lines = File.ReadAllLines(csv);
        var header = lines[0].Split(',');
        return lines.Skip(1).Select(l => header.Zip(l.Split(',')).ToDictionary(static p => p.First, static p => p.Second.Trim('"')));
    }

    [GeneratedRegex(@"drivers started within ([\d.]+) ms")]
    private static partial Regex StartedWithin();

    [GeneratedRegex(@"cross-check: [^\n]*")]
    private static partial Regex CrossCheckLine();
}
