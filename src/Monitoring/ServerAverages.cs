using System.Globalization;

namespace DvdStore.Monitoring;

/// <summary>Server figures averaged over a window of samples (the measured phase), weighted by each interval's length.</summary>
public sealed record ServerAverages
{
    /// <summary>Seconds covered by the samples that had host figures.</summary>
    public double HostSeconds { get; init; }

    public double? CpuPercent { get; init; }

    public string? CpuSet { get; init; }

    public double? CpuSetPercent { get; init; }

    public double? UserPercent { get; init; }

    public double? SystemPercent { get; init; }

    public double? IoWaitPercent { get; init; }

    public double? StealPercent { get; init; }

    public double? RunQueue { get; init; }

    public double? MemoryUsedMb { get; init; }

    public string? DiskDevice { get; init; }

    public double? Iops { get; init; }

    public double? ReadsPerSecond { get; init; }

    public double? WritesPerSecond { get; init; }

    public double? ReadMBPerSecond { get; init; }

    public double? WriteMBPerSecond { get; init; }

    /// <summary>Mean time per I/O over the window (weighted by I/O count, not by interval).</summary>
    public double? AverageLatencyMs { get; init; }

    /// <summary>Seconds covered by the samples that had engine figures.</summary>
    public double EngineSeconds { get; init; }

    public long? Commits { get; init; }

    public long? Rollbacks { get; init; }

    /// <summary>60 × commits / engine seconds.</summary>
    public double? Tpm { get; init; }

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

        return new ServerAverages
        {
            HostSeconds = hostSeconds,
            CpuPercent = Mean(h => h.CpuPercent),
            CpuSet = hosts.Select(h => h.Item1.CpuSet).LastOrDefault(c => c is not null),
            CpuSetPercent = Mean(h => h.CpuSetPercent),
            UserPercent = Mean(h => h.UserPercent),
            SystemPercent = Mean(h => h.SystemPercent),
            IoWaitPercent = Mean(h => h.IoWaitPercent),
            StealPercent = Mean(h => h.StealPercent),
            RunQueue = Mean(h => h.RunQueue),
            MemoryUsedMb = Mean(h => h.MemoryUsedMb),
            DiskDevice = disks.Count > 0 ? disks[^1].Disk.Device : null,
            Iops = Mean(h => h.Disk?.Iops),
            ReadsPerSecond = Mean(h => h.Disk?.ReadsPerSecond),
            WritesPerSecond = Mean(h => h.Disk?.WritesPerSecond),
            ReadMBPerSecond = Mean(h => h.Disk?.ReadMBPerSecond),
            WriteMBPerSecond = Mean(h => h.Disk?.WriteMBPerSecond),
            AverageLatencyMs = timedCount > 0 ? timedIos.Sum(d => d.Disk.AverageLatencyMs!.Value * d.Disk.Iops * d.Seconds) / timedCount : null,
            EngineSeconds = engines.Sum(e => e.Seconds),
            Commits = commits,
            Rollbacks = rolled.Count > 0 ? rolled.Sum(e => e.Engine.Rollbacks!.Value) : null,
            Tpm = commits is { } c && commitSeconds > 0 ? 60.0 * c / commitSeconds : null,
        };
    }

    /// <summary>
    /// The summary line, e.g. "server CPU 63% (cpuset 0-3 91%, iowait 2%, steal 0%, run queue 3.1), disk nvme0n1 1520 IOPS
    /// 12.3 MB/s 0.40 ms, engine 9120 TPM"; null when nothing was measured.
    /// </summary>
    public string? SummaryLine()
    {
        var parts = new List<string>();
        if (CpuPercent is { } cpu)
        {
            var detail = new List<string>();
            if (CpuSetPercent is { } set)
            {
                detail.Add(F($"cpuset {CpuSet} {set:0}%"));
            }

            detail.Add(F($"iowait {IoWaitPercent ?? 0:0}%"));
            detail.Add(F($"steal {StealPercent ?? 0:0}%"));
            detail.Add(F($"run queue {RunQueue ?? 0:0.0}"));
            parts.Add(F($"server CPU {cpu:0}% ({string.Join(", ", detail)})"));
        }

        if (Iops is { } iops)
        {
            var latency = AverageLatencyMs is { } ms ? F($" {ms:0.00} ms") : "";
            parts.Add(F($"disk {DiskDevice} {iops:0} IOPS {(ReadMBPerSecond ?? 0) + (WriteMBPerSecond ?? 0):0.0} MB/s{latency}"));
        }

        if (Tpm is { } tpm)
        {
            parts.Add(F($"engine {tpm:0} TPM"));
        }

        return parts.Count == 0 ? null : string.Join(", ", parts);
    }

    /// <summary>These averages as the result file's per-interval (or window) server figures.</summary>
    public ServerIntervalMetrics ToResult() => new()
    {
        CpuPercent = CpuPercent,
        CpuSetPercent = CpuSetPercent,
        UserPercent = UserPercent,
        SystemPercent = SystemPercent,
        IoWaitPercent = IoWaitPercent,
        StealPercent = StealPercent,
        RunQueue = RunQueue,
        MemoryUsedMb = MemoryUsedMb,
        Iops = Iops,
        ReadsPerSecond = ReadsPerSecond,
        WritesPerSecond = WritesPerSecond,
        DiskMBPerSecond = ReadMBPerSecond is null && WriteMBPerSecond is null ? null : (ReadMBPerSecond ?? 0) + (WriteMBPerSecond ?? 0),
        DiskLatencyMs = AverageLatencyMs,
        EngineCommits = Commits,
        EngineRollbacks = Rollbacks,
        EngineTpm = Tpm,
    };

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
