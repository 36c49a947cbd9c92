using DvdStore.Monitoring.Host;
using DvdStore.Monitoring.Proc;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>Turns two cumulative snapshots into one interval's figures. Pure: tested with recorded /proc text.</summary>
public static class SampleDeltas
{
    private const double MiB = 1024 * 1024;

    public static HostSample Host(HostSnapshot before, HostSnapshot after, double seconds)
    {
        var cpu = after.Stat.Total.Minus(before.Stat.Total);
        double Percent(long ticks) => cpu.Total > 0 ? 100.0 * ticks / cpu.Total : 0;

        double? cpuSetPercent = null;
        string? cpuSet = null;
        if (after.CpuSet is { Count: > 0 } ids)
        {
            cpuSet = CpuList.Format(ids);
            var set = after.Stat.Sum(ids).Minus(before.Stat.Sum(ids));
            cpuSetPercent = set.Total > 0 ? 100.0 * set.Busy / set.Total : 0;
        }

        return new HostSample
        {
            CpuPercent = Percent(cpu.Busy),
            UserPercent = Percent(cpu.User + cpu.Nice),
            SystemPercent = Percent(cpu.System + cpu.Irq + cpu.SoftIrq),
            IoWaitPercent = Percent(cpu.IoWait),
            StealPercent = Percent(cpu.Steal),
            CpuCount = after.Stat.PerCpu.Count,
            CpuSet = cpuSet,
            CpuSetPercent = cpuSetPercent,
            RunQueue = after.Stat.ProcsRunning,
            Blocked = after.Stat.ProcsBlocked,
            LoadAverage1 = after.Load?.Load1,
            MemoryUsedMb = after.Memory is { } m ? m.UsedKb / 1024.0 : null,
            MemoryTotalMb = after.Memory is { } t ? t.TotalKb / 1024.0 : null,
            Disk = before.Disk is { } d0 && after.Disk is { } d1 && d0.Name == d1.Name ? Disk(d0, d1, seconds) : null,
        };
    }

    public static DiskSample Disk(DiskCounters before, DiskCounters after, double seconds)
    {
        var reads = after.ReadsCompleted - before.ReadsCompleted;
        var writes = after.WritesCompleted - before.WritesCompleted;
        var ms = (after.MsReading - before.MsReading) + (after.MsWriting - before.MsWriting);
        double Rate(long delta) => seconds > 0 ? delta / seconds : 0;
        return new DiskSample
        {
            Device = after.Name,
            ReadsPerSecond = Rate(reads),
            WritesPerSecond = Rate(writes),
            ReadMBPerSecond = Rate(after.SectorsRead - before.SectorsRead) * DiskCounters.SectorBytes / MiB,
            WriteMBPerSecond = Rate(after.SectorsWritten - before.SectorsWritten) * DiskCounters.SectorBytes / MiB,
            AverageLatencyMs = reads + writes > 0 ? (double)ms / (reads + writes) : null,
        };
    }

    /// <summary>Counters that went backwards (server restarted, statistics reset) are left out rather than reported negative.</summary>
    public static EngineSample Engine(EngineCounterSnapshot before, EngineCounterSnapshot after, double seconds)
    {
        static long? Delta(long? a, long? b) => a is { } x && b is { } y && y >= x ? y - x : null;
        var commits = Delta(before.Commits, after.Commits);
        var rates = new Dictionary<string, double>(StringComparer.Ordinal);
        foreach (var (name, value) in after.Counters)
        {
            if (before.Counters.TryGetValue(name, out var earlier) && value >= earlier && seconds > 0)
            {
                rates[name] = (value - earlier) / seconds;
            }
        }

        return new EngineSample
        {
            Commits = commits,
            Rollbacks = Delta(before.Rollbacks, after.Rollbacks),
            Tpm = commits is { } c && seconds > 0 ? 60.0 * c / seconds : null,
            RatesPerSecond = rates,
            Gauges = after.Gauges,
        };
    }
}
