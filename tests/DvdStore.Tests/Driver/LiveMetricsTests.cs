using System.Diagnostics.Metrics;
using System.Net;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using DvdStore.Driver.Metrics;
using DvdStore.Tests.Trust;

namespace DvdStore.Tests.Driver;

/// <summary>
/// --metrics-port: a real `dvdstore run` scraped over loopback while it runs; the OPM and orders it served are figures
/// its result file then holds (one of its intervals), and the latency histograms fill. The run uses the documented
/// default --metrics-host (*, every interface: what a fleet pod needs), so it is scraped over this machine's other
/// addresses too. Without the option, no instrument exists.
/// </summary>
public sealed partial class LiveMetricsTests
{
    [Fact]
    public async Task A_scrape_during_the_run_serves_the_figures_the_result_file_then_holds()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var port = FreePort();
        var results = Path.GetDirectoryName(store.Target.ConnectionString["Data Source=".Length..])!;
        using var cli = CliProcess.Start(
            "run", "--engine", "sqlite", "--connection", store.Target.ConnectionString, "--db_size", "1MB", "--n_threads", "2", "--warmup", "0", "--duration", "6s",
            "--log_freq", "1", "--out", Path.Combine(results, "results"), "--metrics-port", port.ToString(CultureInfo.InvariantCulture));
        var otherAddresses = System.Net.NetworkInformation.NetworkInterface.GetAllNetworkInterfaces()
            .Where(n => n.OperationalStatus == System.Net.NetworkInformation.OperationalStatus.Up)
            .SelectMany(n => n.GetIPProperties().UnicastAddresses).Select(u => u.Address)
            .Where(a => a.AddressFamily == AddressFamily.InterNetwork && !IPAddress.IsLoopback(a)).ToList();
        var servedOn = new HashSet<string>();
        using var http = new HttpClient(new HttpClientHandler { UseProxy = false }) { Timeout = TimeSpan.FromSeconds(30) }; // a starved machine (load 90) answers slowly, not never
        var scraped = new List<(long Orders, double Opm, double Purchases)>();
        var until = DateTime.UtcNow + TimeSpan.FromMinutes(2);
        while (!cli.Output.Contains("result: ", StringComparison.Ordinal) && DateTime.UtcNow < until)
        {
            try
            {
                var text = await http.GetStringAsync($"http://localhost:{port}/metrics");
                servedOn.Add("localhost");
                foreach (var address in otherAddresses.Where(a => !servedOn.Contains(a.ToString())))
                {
                    Assert.Contains("dvdstore_", await http.GetStringAsync($"http://{address}:{port}/metrics"), StringComparison.Ordinal);
                    servedOn.Add(address.ToString());
                }

                if (Value(text, "dvdstore_measured_orders") is { } orders && Value(text, "dvdstore_opm") is { } opm && orders > 0)
                {
                    scraped.Add(((long)orders, opm, Value(text, "dvdstore_transaction_duration_milliseconds_count", "transaction=\"Purchase\"") ?? 0));
                }
            }
            catch (Exception e) when (e is HttpRequestException or TaskCanceledException)
            {
                // Not listening yet (the store is being checked), already closed, or too starved to answer in time.
            }

            await Task.Delay(200);
        }

        Assert.Equal(0, await cli.WaitAsync(TimeSpan.FromMinutes(2)));
        var result = RunResultReader.Read(Assert.Single(Directory.GetFiles(Path.Combine(results, "results"), "*.result.json")));
        Assert.True(scraped.Count >= 2, cli.Output);
        Assert.Equal(otherAddresses.Count + 1, servedOn.Count);
        foreach (var (orders, opm, purchases) in scraped)
        {
            Assert.Contains(result.Intervals, i => i.TotalOrders == orders && i.Opm == (long)opm);
            Assert.True(purchases >= orders, $"{purchases} purchase latencies recorded for {orders} orders");
        }

        Assert.True(scraped[^1].Orders <= result.Totals.Orders);
    }

    [Fact]
    public async Task Without_a_metrics_port_the_run_creates_no_instrument()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        var published = new List<string>();
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, _) =>
            {
                if (instrument.Meter.Name == LivePublisher.MeterName)
                {
                    lock (published)
                    {
                        published.Add(instrument.Name);
                    }
                }
            },
        };
        listener.Start();

        var outcome = await DriverRunner.RunAsync(DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(1), TimeSpan.Zero), TextWriter.Null, CancellationToken.None);

        Assert.True(outcome.Result.Totals.Orders > 0);
        Assert.Empty(published);
    }

    private static int FreePort()
    {
        using var socket = new TcpListener(IPAddress.Loopback, 0);
        socket.Start();
        return ((IPEndPoint)socket.LocalEndpoint).Port;
    }

    /// <summary>The value of the first sample of <paramref name="name"/> (whose labels contain <paramref name="label"/>) in a Prometheus text page.</summary>
    private static double? Value(string page, string name, string label = "")
    {
        foreach (Match match in Sample().Matches(page))
        {
            if (match.Groups[1].Value == name && match.Groups[2].Value.Contains(label, StringComparison.Ordinal))
            {
                return double.Parse(match.Groups[3].Value, CultureInfo.InvariantCulture);
            }
        }

        return null;
    }

    [GeneratedRegex(@"^([a-z_]+)(\{[^}]*\})? ([-\d.eE+]+)", RegexOptions.Multiline)]
    private static partial Regex Sample();
}
