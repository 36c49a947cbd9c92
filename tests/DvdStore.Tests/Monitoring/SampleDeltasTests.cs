using DvdStore.Monitoring;
using DvdStore.Monitoring.Host;
using DvdStore.Monitoring.Proc;

namespace DvdStore.Tests.Monitoring;

public class SampleDeltasTests
{
    // Between the two recorded samples (2.5 s, 8 CPUs × 250 ticks): CPUs 0-3 each ran 150 user, 50 system, 5 softirq,
    // 5 steal, 5 iowait, 35 idle; CPUs 4-7 each 10 user, 5 system, 5 iowait, 230 idle. The nvme disk did 2500 reads of
    // 8 kB (40000 sectors, 500 ms) and 5000 writes of 8 kB (80000 sectors, 1000 ms).
    private static HostSnapshot Snapshot(string suffix, IReadOnlyList<int>? cpuSet) => new(
        ProcStatParser.Parse(ProcSamples.Read($"stat-8cpu-{suffix}.txt")),
        LoadAverageParser.Parse(ProcSamples.Read("loadavg.txt")),
        MemoryInfoParser.Parse(ProcSamples.Read("meminfo.txt")),
        DiskStatsParser.Parse(ProcSamples.Read($"diskstats-{suffix}.txt")).Single(d => d.Name == "nvme0n1"),
        cpuSet);

    [Fact]
    public void Host_cpu_shares_add_up_to_the_ticks_between_samples()
    {
        var sample = SampleDeltas.Host(Snapshot("a", null), Snapshot("b", null), 2.5);

        Assert.Equal(44.0, sample.CpuPercent, 9);      // (640 user + 220 system + 20 softirq) / 2000
        Assert.Equal(32.0, sample.UserPercent, 9);
        Assert.Equal(12.0, sample.SystemPercent, 9);   // system + irq + softirq
        Assert.Equal(2.0, sample.IoWaitPercent, 9);
        Assert.Equal(1.0, sample.StealPercent, 9);
        Assert.Equal(8, sample.CpuCount);
        Assert.Equal(6, sample.RunQueue);
        Assert.Equal(1, sample.Blocked);
        Assert.Equal(3.42, sample.LoadAverage1);
        Assert.Equal((65843212 - 40123456) / 1024.0, sample.MemoryUsedMb);
        Assert.Null(sample.CpuSet);
        Assert.Null(sample.CpuSetPercent);
    }

    [Fact]
    public void Cpu_set_share_counts_only_the_servers_cpus()
    {
        var sample = SampleDeltas.Host(Snapshot("a", [0, 1, 2, 3, 6]), Snapshot("b", [0, 1, 2, 3, 6]), 2.5);

        Assert.Equal("0-3,6", sample.CpuSet);
        Assert.Equal(100.0 * ((4 * 205) + 15) / (5 * 250), sample.CpuSetPercent!.Value, 9);
    }

    [Fact]
    public void Disk_rates_and_latency_follow_iostat()
    {
        var disk = SampleDeltas.Host(Snapshot("a", null), Snapshot("b", null), 2.5).Disk!;

        Assert.Equal("nvme0n1", disk.Device);
        Assert.Equal(1000, disk.ReadsPerSecond, 9);
        Assert.Equal(2000, disk.WritesPerSecond, 9);
        Assert.Equal(3000, disk.Iops, 9);
        Assert.Equal(40000 * 512 / 2.5 / 1048576, disk.ReadMBPerSecond, 9);
        Assert.Equal(80000 * 512 / 2.5 / 1048576, disk.WriteMBPerSecond, 9);
        Assert.Equal(1500.0 / 7500, disk.AverageLatencyMs!.Value, 9);
    }

    [Fact]
    public void An_idle_disk_has_no_latency_rather_than_zero()
    {
        var counters = DiskStatsParser.Parse(ProcSamples.Read("diskstats-a.txt")).Single(d => d.Name == "dm-1");

        var disk = SampleDeltas.Disk(counters, counters, 1);

        Assert.Equal(0, disk.Iops);
        Assert.Null(disk.AverageLatencyMs);
    }

    [Fact]
    public void Engine_commits_become_transactions_per_minute_and_counters_rates()
    {
        var before = new EngineCounterSnapshot(1000, 10, new Dictionary<string, double> { ["blks_read"] = 500, ["blks_hit"] = 9000 }, new Dictionary<string, double>());
        var after = new EngineCounterSnapshot(1600, 14, new Dictionary<string, double> { ["blks_read"] = 520, ["blks_hit"] = 8000, ["io_reads"] = 5 },
            new Dictionary<string, double> { ["active_backends"] = 7 });

        var sample = SampleDeltas.Engine(before, after, 10);

        Assert.Equal(600, sample.Commits);
        Assert.Equal(4, sample.Rollbacks);
        Assert.Equal(3600, sample.Tpm);
        // blks_hit went backwards (statistics reset) and io_reads has no earlier value: both left out.
        Assert.Equal(new Dictionary<string, double> { ["blks_read"] = 2 }, sample.RatesPerSecond);
        Assert.Equal(7, sample.Gauges["active_backends"]);
    }

    [Fact]
    public void Engine_without_a_commit_counter_has_no_tpm()
    {
        var none = new EngineCounterSnapshot(null, null, new Dictionary<string, double>(), new Dictionary<string, double>());

        var sample = SampleDeltas.Engine(none, none, 10);

        Assert.Null(sample.Commits);
        Assert.Null(sample.Tpm);
    }

    [Fact]
    public void Averages_weight_intervals_by_length_and_latency_by_io_count()
    {
        static ServerSample Sample(double seconds, double cpu, double iops, double latency, long commits) => new()
        {
            IntervalSeconds = seconds,
            Host = new HostSample { CpuPercent = cpu, CpuSet = "0-3", CpuSetPercent = cpu + 10, IoWaitPercent = 1, RunQueue = 2, Disk = new DiskSample { Device = "nvme0n1", ReadsPerSecond = iops, AverageLatencyMs = latency } },
            Engine = new EngineSample { Commits = commits, Rollbacks = 1, Tpm = 60.0 * commits / seconds },
        };
        var samples = new[]
        {
            new ServerSample { IntervalSeconds = 0, Warnings = ["baseline"] },
            Sample(10, 40, 100, 1.0, 600),
            Sample(30, 80, 300, 2.0, 2400),
            new ServerSample { IntervalSeconds = 10 }, // host and engine both failed this interval
        };

        var averages = ServerAverages.Of(samples);

        Assert.Equal(40, averages.HostSeconds);
        Assert.Equal(((40 * 10) + (80 * 30)) / 40.0, averages.Figures.CpuPercent);
        Assert.Equal(80, averages.Figures.CpuSetPercent);
        Assert.Equal(((100 * 10) + (300 * 30)) / 40.0, averages.Figures.Iops);
        Assert.Equal(((1.0 * 1000) + (2.0 * 9000)) / 10000, averages.Figures.DiskLatencyMs!.Value, 9);
        Assert.Equal(3000, averages.Figures.EngineCommits);
        Assert.Equal(2, averages.Figures.EngineRollbacks);
        Assert.Equal(60.0 * 3000 / 40, averages.Figures.EngineTpm);
        Assert.Equal(
            "server CPU 70% (cpuset 0-3 80%, iowait 1%, steal 0%, run queue 2.0), disk nvme0n1 250 IOPS 0.0 MB/s 1.90 ms, engine 4500 TPM",
            averages.SummaryLine());
    }

    [Fact]
    public void Nothing_measured_gives_no_summary_line()
    {
        Assert.Null(ServerAverages.Of([new ServerSample { IntervalSeconds = 5 }]).SummaryLine());
    }

    [Fact]
    public void The_live_text_is_short()
    {
        var sample = new ServerSample
        {
            IntervalSeconds = 10,
            Host = new HostSample { CpuPercent = 63.4, CpuSetPercent = 91.2, Disk = new DiskSample { ReadsPerSecond = 1000, WritesPerSecond = 520 } },
            Engine = new EngineSample { Tpm = 9120 },
        };

        Assert.Equal("srv cpu 63% cpuset 91% iops 1520 tpm 9120", sample.LiveText());
    }
}
