using DvdStore.Monitoring;
using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Monitoring;

/// <summary>
/// A short real run (3 s after a 1 s warm-up) on the test servers with server metrics on: the result, the interval CSV
/// and the output carry the server's CPU and the engine's commits, and over the run the engine committed at least the
/// orders the driver committed (its counters also count other transactions and other sessions).
/// </summary>
public sealed class RunServerMetricsTests
{
    [SkippableTheory]
    [ServerEngines]
    public async Task A_short_run_records_server_cpu_and_engine_commits_beside_the_orders(EngineKind kind)
    {
        await using var store = await DriverTestStore.CreateAsync(kind);
        var dataDirectory = kind == EngineKind.PostgreSql ? Environment.GetEnvironmentVariable("DVDSTORE_TEST_PG_DATA") : null;
        var settings = DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(3), TimeSpan.FromSeconds(1)) with
        {
            ServerMetrics = new ServerMetricsOptions(ServerMetricsMode.Local, null, dataDirectory, null),
        };

        var (outcome, text) = await CompletedRun.RunAsync(settings);
        var result = outcome.Result;

        Assert.True(result.Totals.CommittedOrders > 0, text);
        var server = Assert.IsType<ServerMetricsSummary>(result.ServerMetrics);
        Assert.True(server.Average.CpuPercent > 0, text);
        Assert.True(server.Average.EngineCommits > 0, text);
        // Over the whole run (warm-up and the last orders included) the engine committed at least every order the
        // database gained; other sessions and the orders' other transactions only add. The measured window's figure
        // is cut at sample boundaries (a tenth of an interval off the driver's), so it is only checked to be positive.
        Assert.True(server.RunEngineCommits >= result.CrossCheck!.DriverCommitted, $"engine {server.RunEngineCommits} < driver {result.CrossCheck.DriverCommitted}\n{text}");
        Assert.True(server.RunEngineCommits >= server.Average.EngineCommits);
        Assert.True(server.Average.EngineTpm > 0);
        Assert.Contains(result.Intervals, static i => i.Measured && i.Server?.CpuPercent > 0 && i.Server.EngineCommits > 0);
        Assert.Contains("server: server CPU ", text, StringComparison.Ordinal);
        Assert.Contains("| srv cpu ", text, StringComparison.Ordinal);
        Assert.Equal("local", result.Parameters["server_metrics"]);
        // The store's sessions were sampled ten times a second: the measured window and its intervals say what they did.
        var waits = Assert.IsType<ServerWaits>(server.Average.Waits);
        Assert.True(waits.Samples >= 10, $"{waits.Samples} wait samples\n{text}");
        Assert.Equal(waits.ActiveSessions, waits.Classes.Values.Sum(), 9);
        Assert.Contains(result.Intervals, static i => i.Measured && i.Server?.Waits?.Samples > 0);
        Assert.Contains("waits: ", text, StringComparison.Ordinal);
        Assert.Contains(", waits 10/s", text, StringComparison.Ordinal);
        Assert.Equal("10", result.Parameters["wait_rate"]);

        var read = await RunResultReader.ReadAsync(outcome.ResultPath, CancellationToken.None);
        Assert.Equal(server.Average.EngineCommits, read.ServerMetrics!.Average.EngineCommits);
        Assert.Equal(server.SummaryLine, read.ServerMetrics.SummaryLine);
        Assert.Equal(waits.ActiveSessions, read.ServerMetrics.Average.Waits!.ActiveSessions, 9);

        var csv = File.ReadAllLines(outcome.IntervalsPath);
        var cpuColumn = Array.IndexOf(csv[0].Split(','), "server_cpu_pct");
        Assert.True(cpuColumn > 0);
        Assert.Contains(csv.Skip(1), row => row.Split(',')[cpuColumn].Length > 0 && double.Parse(row.Split(',')[cpuColumn], CultureInfo.InvariantCulture) > 0);
        if (dataDirectory is not null)
        {
            Assert.NotNull(server.DiskDevice);
            Assert.NotNull(server.Average.Iops);
        }
    }
}
