using DvdStore.Analysis.Comparisons;
using DvdStore.Cli;
using DvdStore.Monitoring;
using static DvdStore.Tests.Analysis.AnalysisFixtures;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// OPM against the server's CPU in the scaling and peak studies: a column, a chart, the peak's server CPU in the
/// finding, and a step flagged client-bound when the client saturated while the server stayed idle.
/// </summary>
public sealed class ServerCpuAnalysisTests
{
    // A small synthetic sweep on 8 vCPUs: (threads, OPM, server CPU %, client saturated).
    private static readonly (int Threads, long Opm, double ServerCpu, bool ClientSaturated)[] Sweep =
        [(1, 10_000, 22, false), (2, 19_000, 45, false), (4, 30_000, 91, false), (8, 30_500, 97, false), (16, 12_000, 30, true)];

    private static RunResult WithServer(long opm, double serverCpu, bool clientSaturated, params (string Key, string Value)[] labels)
    {
        var findings = new List<Finding>();
        if (clientSaturated)
        {
            findings.Add(new Finding("client-saturation", FindingSeverity.Warning, "the driver may be limiting the result"));
        }

        var server = new ServerMetricsSummary { Source = "server metrics: local host", Average = new ServerIntervalMetrics { CpuPercent = serverCpu, Iops = 100 } };
        return Result(opm, findings, server, labels);
    }

    [Fact]
    public void The_peak_study_shows_server_cpu_marks_the_peak_with_it_and_flags_a_client_bound_step()
    {
        var runs = Sweep.Select(s => new DvdStore.Analysis.Reading.AnalyzedRun(
            $"/results/t{s.Threads}.json",
            DvdStore.Analysis.Reading.RunOrigin.DvdStoreResult,
            WithServer(s.Opm, s.ServerCpu, s.ClientSaturated),
            new Dictionary<string, string> { ["threads"] = s.Threads.ToString(CultureInfo.InvariantCulture), ["engine"] = "postgres" })).ToList();

        var result = new PeakFinding().Analyze(Input(runs));

        var table = Assert.Single(result.Tables);
        Assert.Equal(["22", "45", "91", "97", "30"], Column(table, "server_cpu_pct"));
        Assert.Equal("PEAK", Row(table, "threads", "4")["peak"]);
        Assert.Equal("client-bound", Row(table, "threads", "16")["client_bound"]);
        Assert.Equal("", Row(table, "threads", "4")["client_bound"]);
        Assert.Contains(result.Findings, f => f.Contains("peak at 4 threads, 30", StringComparison.Ordinal) && f.Contains("at 91 % server CPU", StringComparison.Ordinal));
        Assert.Contains(result.Findings, f => f.Contains("at 16 threads the client was saturated while the server never got busy", StringComparison.Ordinal));
        var cpuChart = Assert.Single(result.Charts, c => c.FileName == "peak-server-cpu");
        Assert.Equal([22, 45, 91, 97, 30], Assert.Single(cpuChart.Series).X);
    }

    [Fact]
    public void A_run_without_server_metrics_leaves_the_column_empty_and_draws_no_server_chart()
    {
        var runs = new[] { (8, 20_000L), (16, 38_000L) }
            .Select(p => Run(p.Item2, ("threads", p.Item1.ToString(CultureInfo.InvariantCulture)), ("engine", "postgres"))).ToList();

        var result = new PeakFinding().Analyze(Input(runs));

        Assert.All(Column(Assert.Single(result.Tables), "server_cpu_pct"), static c => Assert.Equal("", c));
        Assert.DoesNotContain(result.Charts, static c => c.FileName == "peak-server-cpu");
    }

    [Fact]
    public async Task The_report_of_a_small_sweep_shows_opm_against_server_cpu()
    {
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "sweep");
        Directory.CreateDirectory(folder);
        foreach (var vcpus in new[] { 1, 2 })
        {
            foreach (var s in Sweep)
            {
                var opm = s.Opm * vcpus;
                await JsonResultWriter.WriteAsync(
                    WithServer(opm, s.ServerCpu, s.ClientSaturated, ("vcpus", vcpus.ToString(CultureInfo.InvariantCulture)), ("threads", s.Threads.ToString(CultureInfo.InvariantCulture)), ("engine", "postgres")),
                    Path.Combine(folder, $"v{vcpus}-t{s.Threads}.result.json"),
                    CancellationToken.None);
            }
        }

        var outDir = Path.Combine(Path.GetDirectoryName(folder)!, "sweep-report");
        var output = new StringWriter();
        var error = new StringWriter();
        var code = await CliApp.RunAsync(["analyze", folder, "--out", outDir, "--study", "scaling,peak"], output, error, CancellationToken.None);

        Assert.True(code == 0, error.ToString());
        var scaling = File.ReadAllLines(Path.Combine(outDir, "tables", "scaling.csv"));
        Assert.Contains("server_cpu_pct", scaling[0], StringComparison.Ordinal);
        Assert.Contains(",97,", string.Join('\n', scaling.Skip(1)), StringComparison.Ordinal); // the best thread count (8 threads, 97 %) at each vCPU count
        var peak = File.ReadAllLines(Path.Combine(outDir, "tables", "peak.csv"));
        Assert.Contains("server_cpu_pct", peak[0], StringComparison.Ordinal);
        Assert.Contains(peak, static l => l.Contains("client-bound", StringComparison.Ordinal));
        Assert.True(File.Exists(Path.Combine(outDir, "charts", "peak-server-cpu.png")));
        Assert.True(File.Exists(Path.Combine(outDir, "charts", "scaling-server-cpu.png")));
        Assert.Contains("server CPU", await File.ReadAllTextAsync(Path.Combine(outDir, "report.md")), StringComparison.Ordinal);
    }
}
