using DvdStore.Monitoring;
using DvdStore.Monitoring.Host;
using Microsoft.Data.Sqlite;

namespace DvdStore.Tests.Monitoring;

/// <summary>The background recorder a run uses, and how its figures land in the result file.</summary>
public class RecorderTests
{
    private static readonly DateTimeOffset T0 = new(2026, 11, 23, 10, 0, 0, TimeSpan.Zero);

    private static ServerSample Sample(double endSeconds, double seconds, double cpu, long commits) => new()
    {
        TimestampUtc = T0.AddSeconds(endSeconds),
        IntervalSeconds = seconds,
        Host = new HostSample { CpuPercent = cpu, Disk = new DiskSample { Device = "vda", ReadsPerSecond = 10 * cpu, AverageLatencyMs = 0.5 } },
        Engine = new EngineSample { Commits = commits, Tpm = 60.0 * commits / seconds },
    };

    [Fact]
    public void Each_sample_counts_in_the_driver_interval_holding_its_midpoint()
    {
        // Samples 0.5 s ahead of driver ticks at 10, 20, 30 s; the last one is a short tail taken at stop (30.2 s).
        ServerSample[] samples = [Sample(9.5, 9.5, 10, 100), Sample(19.5, 10, 20, 200), Sample(29.5, 10, 30, 300), Sample(30.2, 0.7, 90, 7)];

        Assert.Equal([samples[0]], ServerMetricsRecorder.Within(samples, T0, T0.AddSeconds(10)));
        Assert.Equal([samples[1]], ServerMetricsRecorder.Within(samples, T0.AddSeconds(10), T0.AddSeconds(20)));
        Assert.Equal([samples[2], samples[3]], ServerMetricsRecorder.Within(samples, T0.AddSeconds(20), T0.AddSeconds(31)));
        Assert.Empty(ServerMetricsRecorder.Within(samples, T0.AddSeconds(31), T0.AddSeconds(40)));
    }

    [Fact]
    public void Window_figures_are_weighted_averages_and_commit_sums()
    {
        ServerSample[] samples = [Sample(10, 10, 20, 200), Sample(15, 5, 80, 50)];

        var figures = ServerAverages.Of(samples).Figures;

        Assert.Equal(40, figures.CpuPercent!.Value, 9);
        Assert.Equal(400, figures.Iops!.Value, 9);
        Assert.Equal(0.5, figures.DiskLatencyMs!.Value, 9);
        Assert.Equal(250, figures.EngineCommits);
        Assert.Equal(1000, figures.EngineTpm!.Value, 9);
    }

    [Fact]
    public async Task Start_and_stop_record_the_tail_and_summarize_the_window()
    {
        var host = new HostMetricsReader(new LocalFileReader(), null, Environment.ProcessId);
        await using var recorder = new ServerMetricsRecorder(new ServerMetricsSampler(host, engine: null), TimeSpan.FromHours(1));
        var from = DateTimeOffset.UtcNow;

        await recorder.StartAsync(CancellationToken.None);
        SshTests.BurnCpu();
        await recorder.StopAsync(CancellationToken.None);
        var to = DateTimeOffset.UtcNow;

        var only = Assert.Single(recorder.Samples);
        Assert.Same(only, recorder.Latest);
        var interval = recorder.ForInterval(from, to);
        Assert.NotNull(interval);
        Assert.True(interval.CpuPercent > 0);
        Assert.NotNull(interval.CpuSetPercent);
        Assert.Null(interval.EngineTpm);
        var summary = recorder.Summarize(from, to);
        Assert.Equal("server metrics: local host", summary.Source);
        Assert.Equal(interval.CpuPercent, summary.Average.CpuPercent);
        Assert.StartsWith("server CPU ", summary.SummaryLine);
        Assert.NotNull(summary.CpuSet);
        Assert.Empty(recorder.TakeWarnings());
        Assert.Null(recorder.ForInterval(to, to.AddSeconds(10)));
    }

    [Fact]
    public async Task A_window_that_holds_no_sample_has_no_averages_but_still_names_the_servers_cpu_set()
    {
        var host = new HostMetricsReader(new LocalFileReader(), null, Environment.ProcessId);
        await using var recorder = new ServerMetricsRecorder(new ServerMetricsSampler(host, engine: null), TimeSpan.FromHours(1));
        await recorder.StartAsync(CancellationToken.None);
        SshTests.BurnCpu();
        await recorder.StopAsync(CancellationToken.None);
        var after = DateTimeOffset.UtcNow;

        var summary = recorder.Summarize(after, after.AddSeconds(2));

        Assert.Null(summary.Average.CpuPercent);
        Assert.Equal(0, summary.HostSeconds);
        Assert.Equal(ServerAverages.Of(recorder.Samples).CpuSet, summary.CpuSet);
        Assert.NotNull(summary.CpuSet);
    }

    [Fact]
    public void The_lead_is_a_tenth_of_the_interval_and_at_most_half_a_second()
    {
        Assert.Equal(TimeSpan.FromMilliseconds(100), Lead(TimeSpan.FromSeconds(1)));
        Assert.Equal(TimeSpan.FromMilliseconds(500), Lead(TimeSpan.FromSeconds(10)));

        static TimeSpan Lead(TimeSpan interval) => new ServerMetricsRecorder(new ServerMetricsSampler(null, null), interval).Lead;
    }

    [Fact]
    public void Server_figures_survive_the_result_file_and_older_files_read_without_them()
    {
        var result = new RunResult
        {
            RunId = "r",
            Intervals =
            [
                new IntervalSample { Orders = 5, Server = new ServerIntervalMetrics { CpuPercent = 91.5, Iops = 1520, EngineTpm = 9120, EngineCommits = 1520 } },
                new IntervalSample { Orders = 6 },
            ],
            ServerMetrics = new ServerMetricsSummary
            {
                Source = "server metrics: local host",
                CpuSet = "0-3",
                Average = new ServerIntervalMetrics { CpuPercent = 90, Iops = 1500 },
                SummaryLine = "server CPU 90%",
                Warnings = ["w"],
            },
        };

        var json = JsonResultWriter.ToJson(result);
        var back = RunResultReader.Parse(json, "x");
        var bare = RunResultReader.Parse(JsonResultWriter.ToJson(new RunResult { RunId = "old" }), "y");

        Assert.Contains("\"serverMetrics\"", json);
        Assert.Equal(91.5, back.Intervals[0].Server!.CpuPercent);
        Assert.Equal(1520, back.Intervals[0].Server!.EngineCommits);
        Assert.Null(back.Intervals[0].Server!.DiskLatencyMs);
        Assert.Null(back.Intervals[1].Server);
        Assert.Equal("0-3", back.ServerMetrics!.CpuSet);
        Assert.Equal(1500, back.ServerMetrics.Average.Iops);
        Assert.Equal(["w"], back.ServerMetrics.Warnings);
        Assert.Null(bare.ServerMetrics);
        var plain = JsonResultWriter.ToJson(new RunResult { RunId = "old", Intervals = [new IntervalSample()] });
        Assert.DoesNotContain("\"server\":", plain);
        Assert.DoesNotContain("\"serverMetrics\":", plain);
    }

    [Fact]
    public void The_time_series_csv_ends_with_server_cpu_iops_and_engine_tpm()
    {
        var csv = CsvTimeSeriesWriter.Render(
        [
            new IntervalSample { Server = new ServerIntervalMetrics { CpuPercent = 91.54, Iops = 1520.04, EngineTpm = 9120 } },
            new IntervalSample(),
        ]).Split('\n');

        Assert.EndsWith(",server_cpu_pct,server_iops,engine_tpm", csv[0]);
        Assert.EndsWith(",91.5,1520,9120", csv[1]);
        Assert.EndsWith(",,,", csv[2]);
    }

    [Fact]
    public void A_saturated_client_beside_an_idle_server_is_flagged_client_bound()
    {
        var idle = new ServerMetricsSummary { CpuSet = "0-3", Average = new ServerIntervalMetrics { CpuPercent = 20, CpuSetPercent = 35, EngineCommits = 1000 } };
        var busy = new ServerMetricsSummary { Average = new ServerIntervalMetrics { CpuPercent = 95, EngineCommits = 1000 } };

        var flagged = Assert.Single(ServerMetricsFindings.Assess(idle, committedOrders: 1000, clientSaturated: true));

        Assert.Equal("client-bound", flagged.Code);
        Assert.Contains("(0-3) were only 35% busy", flagged.Message);
        Assert.Empty(ServerMetricsFindings.Assess(idle, 1000, clientSaturated: false));
        Assert.Empty(ServerMetricsFindings.Assess(busy, 1000, clientSaturated: true));
    }

    [Fact]
    public void Fewer_engine_commits_than_driver_orders_is_flagged_beyond_the_statistics_lag()
    {
        var summary = new ServerMetricsSummary { Average = new ServerIntervalMetrics { EngineCommits = 950 }, Warnings = ["no disk"] };

        Assert.DoesNotContain(ServerMetricsFindings.Assess(summary, 1000, false), f => f.Code == "engine-commits");
        Assert.Contains(ServerMetricsFindings.Assess(summary, 2000, false), f => f.Code == "engine-commits");
        Assert.Equal("server metrics incomplete: no disk", Assert.Single(ServerMetricsFindings.Assess(summary, 1000, false)).Message);
    }

    [Fact]
    public void Engine_commits_read_over_part_of_the_window_are_compared_with_the_orders_of_that_part()
    {
        // The counters were read over 12 s of a 30 s window (reads failed while the monitor's session was killed).
        var partial = new ServerMetricsSummary { EngineSeconds = 12, Average = new ServerIntervalMetrics { EngineCommits = 1000 } };

        Assert.DoesNotContain(ServerMetricsFindings.Assess(partial, 2400, false, measuredSeconds: 30), f => f.Code == "engine-commits");
        var flagged = Assert.Single(ServerMetricsFindings.Assess(partial, 3000, false, measuredSeconds: 30));
        Assert.Equal("engine-commits", flagged.Code);
        Assert.Contains("in the 12 s of the measured window it was read", flagged.Message);
        Assert.Contains(ServerMetricsFindings.Assess(partial, 2400, false), f => f.Code == "engine-commits");
    }

    [Fact]
    public void The_live_line_piece_shows_what_was_measured()
    {
        Assert.Equal("srv cpu 64% cpuset 91% iops 1520 tpm 9120", ServerLiveText.For(new ServerIntervalMetrics { CpuPercent = 63.6, CpuSetPercent = 91, Iops = 1520.2, EngineTpm = 9120 }));
        Assert.Equal("tpm 60", ServerLiveText.For(new ServerIntervalMetrics { EngineTpm = 60 }));
        Assert.Equal("", ServerLiveText.For(null));
    }

    [Fact]
    public async Task A_stuck_counter_query_is_a_warning_and_the_next_read_reconnects()
    {
        var opened = 0;
        Task<DbConnection> Open(CancellationToken cancellationToken)
        {
            opened++;
            return Task.FromResult<DbConnection>(new SqliteConnection("Data Source=:memory:"));
        }

        var source = new EngineCounterSource(new StuckCounters(), Open, TimeSpan.FromMilliseconds(50));
        await using var sampler = new ServerMetricsSampler(null, source);

        var first = await sampler.StartAsync(CancellationToken.None);
        var second = await sampler.SampleAsync(CancellationToken.None);

        Assert.Equal(["engine counters unavailable this interval: the counter query took over 0.05 s"], first.Warnings);
        Assert.Null(second.Engine);
        Assert.Equal(2, opened);
    }

    private sealed class StuckCounters : IEngineCounters
    {
        public string? Unavailable => null;

        public Task<string?> MissingPermissionAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

        public async Task<EngineCounterSnapshot> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
        {
            await Task.Delay(Timeout.Infinite, cancellationToken);
            throw new InvalidOperationException("unreachable");
        }
    }

    [SkippableFact]
    public async Task Starting_never_waits_for_a_host_that_does_not_answer()
    {
        Skip.If(OperatingSystem.IsWindows(), "needs a POSIX shell");
        var silentSsh = TestServers.TempFile("silent-ssh");
        await File.WriteAllTextAsync(silentSsh, "#!/bin/sh\nexec sleep 60\n");
        if (!OperatingSystem.IsWindows())
        {
            File.SetUnixFileMode(silentSsh, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        var host = new HostMetricsReader(new SshFileReader(new SshTarget("bench", "db1", null), silentSsh), null, null);
        using var run = new CancellationTokenSource();
        await using var recorder = new ServerMetricsRecorder(new ServerMetricsSampler(host, engine: null), TimeSpan.FromSeconds(1));

        var started = recorder.StartAsync(run.Token);

        Assert.True(started.IsCompletedSuccessfully);
        await run.CancelAsync();
        await recorder.StopAsync(run.Token);
        Assert.Empty(recorder.Samples);
    }
}
