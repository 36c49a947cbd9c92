using System.Globalization;

namespace DvdStore.Monitoring;

/// <summary>Server figures averaged over a window of samples (the measured phase), weighted by each interval's length.</summary>
public sealed record ServerAverages
{
    /// <summary>Seconds covered by the samples that had host figures.</summary>
    public double HostSeconds { get; init; }

    /// <summary>Seconds covered by the samples that had engine figures.</summary>
    public double EngineSeconds { get; init; }

    /// <summary>The server process's CPUs, as last seen.</summary>
    public string? CpuSet { get; init; }

    /// <summary>The data directory's disk, as last seen.</summary>
    public string? DiskDevice { get; init; }

    /// <summary>
    /// The averaged figures, in the result file's per-interval shape (disk latency is weighted by I/O count, not by
    /// interval; engine commits and rollbacks are sums; TPM is 60 × commits / seconds of the samples that counted them).
    /// </summary>
    public ServerIntervalMetrics Figures { get; init; } = new();

    /// <summary>Averages the samples (baseline and failed intervals carry no figures and count for nothing).</summary>
    public static ServerAverages Of(IEnumerable<ServerSample> samples)
    {
        var list = samples.Where(s => s.IntervalSeconds > 0).ToList();
        var hosts = list.Where(s => s.Host is not null).Select(s => (s.Host!, s.IntervalSeconds)).ToList();
        var hostSeconds = hosts.Sum(h => h.IntervalSeconds);
        double? Mean(Func<HostSample, double?> value)
        {
            var with = hosts.Where(h => value(h.Item1) is not null).ToList();
            var seconds = with.Sum(h => h.IntervalSeconds);
            return seconds > 0 ? with.Sum(h => value(h.Item1)!.Value * h.IntervalSeconds) / seconds : null;
        }

        var disks = hosts.Where(h => h.Item1.Disk is not null).Select(h => (Disk: h.Item1.Disk!, Seconds: h.IntervalSeconds)).ToList();
        var timedIos = disks.Where(d => d.Disk.AverageLatencyMs is not null).ToList();
        var timedCount = timedIos.Sum(d => d.Disk.Iops * d.Seconds);

        var engines = list.Where(s => s.Engine is not null).Select(s => (Engine: s.Engine!, Seconds: s.IntervalSeconds)).ToList();
        var counted = engines.Where(e => e.Engine.Commits is not null).ToList();
        var commitSeconds = counted.Sum(e => e.Seconds);
        long? commits = counted.Count > 0 ? counted.Sum(e => e.Engine.Commits!.Value) : null;
        var rolled = engines.Where(e => e.Engine.Rollbacks is not null).ToList();

        var readMb = Mean(h => h.Disk?.ReadMBPerSecond);
        var writeMb = Mean(h => h.Disk?.WriteMBPerSecond);
        return new ServerAverages
        {
            HostSeconds = hostSeconds,
            EngineSeconds = engines.Sum(e => e.Seconds),
            CpuSet = hosts.Select(h => h.Item1.CpuSet).LastOrDefault(c => c is not null),
            DiskDevice = disks.Count > 0 ? disks[^1].Disk.Device : null,
            Figures = new ServerIntervalMetrics
            {
                CpuPercent = Mean(h => h.CpuPercent),
                CpuSetPercent = Mean(h => h.CpuSetPercent),
                UserPercent = Mean(h => h.UserPercent),
                SystemPercent = Mean(h => h.SystemPercent),
                IoWaitPercent = Mean(h => h.IoWaitPercent),
                StealPercent = Mean(h => h.StealPercent),
                RunQueue = Mean(h => h.RunQueue),
                MemoryUsedMb = Mean(h => h.MemoryUsedMb),
                Iops = Mean(h => h.Disk?.Iops),
                ReadsPerSecond = Mean(h => h.Disk?.ReadsPerSecond),
                WritesPerSecond = Mean(h => h.Disk?.WritesPerSecond),
                DiskMBPerSecond = readMb is null && writeMb is null ? null : (readMb ?? 0) + (writeMb ?? 0),
                DiskLatencyMs = timedCount > 0 ? timedIos.Sum(d => d.Disk.AverageLatencyMs!.Value * d.Disk.Iops * d.Seconds) / timedCount : null,
                EngineCommits = commits,
                EngineRollbacks = rolled.Count > 0 ? rolled.Sum(e => e.Engine.Rollbacks!.Value) : null,
                EngineTpm = commits is { } c && commitSeconds > 0 ? 60.0 * c / commitSeconds : null,
            },
        };
    }

    /// <summary>
    /// The summary line, e.g. "server CPU 63% (cpuset 0-3 91%, iowait 2%, steal 0%, run queue 3.1), disk nvme0n1 1520 IOPS
    /// 12.3 MB/s 0.40 ms, engine 9120 TPM"; null when nothing was measured.
    /// </summary>
    public string? SummaryLine()
    {
        var parts = new List<string>();
        if (Figures.CpuPercent is { } cpu)
        {
            var detail = new List<string>();
            if (Figures.CpuSetPercent is { } set)
            {
                detail.Add(F($"cpuset {CpuSet} {set:0}%"));
            }

            detail.Add(F($"iowait {Figures.IoWaitPercent ?? 0:0}%"));
            detail.Add(F($"steal {Figures.StealPercent ?? 0:0}%"));
            detail.Add(F($"run queue {Figures.RunQueue ?? 0:0.0}"));
            parts.Add(F($"server CPU {cpu:0}% ({string.Join(", ", detail)})"));
        }

        if (Figures.Iops is { } iops)
        {
            var latency = Figures.DiskLatencyMs is { } ms ? F($" {ms:0.00} ms") : "";
            parts.Add(F($"disk {DiskDevice} {iops:0} IOPS {Figures.DiskMBPerSecond ?? 0:0.0} MB/s{latency}"));
        }

        if (Figures.EngineTpm is { } tpm)
        {
            parts.Add(F($"engine {tpm:0} TPM"));
        }

        return parts.Count == 0 ? null : string.Join(", ", parts);
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
