namespace DvdStore.Monitoring;

/// <summary>
/// The server host over one interval. Percentages are of all the host's CPU time: CPU (user + system, irq included)
/// + iowait + steal + idle = 100. <see cref="CpuSetPercent"/> is the same busy share restricted to the server's CPUs.
/// </summary>
public sealed record HostSample
{
    /// <summary>Busy share of all CPUs (user, nice, system, irq, softirq), %.</summary>
    public double CpuPercent { get; init; }

    public double UserPercent { get; init; }

    /// <summary>System, irq and softirq, %.</summary>
    public double SystemPercent { get; init; }

    public double IoWaitPercent { get; init; }

    /// <summary>Time the hypervisor gave this VM's CPUs to someone else, %.</summary>
    public double StealPercent { get; init; }

    /// <summary>CPUs the kernel listed (online).</summary>
    public int CpuCount { get; init; }

    /// <summary>The server process's allowed CPUs (e.g. "0-3"), when known.</summary>
    public string? CpuSet { get; init; }

    /// <summary>Busy share of the CPUs in <see cref="CpuSet"/>, %.</summary>
    public double? CpuSetPercent { get; init; }

    /// <summary>Runnable tasks at the end of the interval (procs_running, those on a CPU included).</summary>
    public int RunQueue { get; init; }

    /// <summary>Tasks blocked on I/O at the end of the interval.</summary>
    public int Blocked { get; init; }

    public double? LoadAverage1 { get; init; }

    /// <summary>MemTotal − MemAvailable, MiB.</summary>
    public double? MemoryUsedMb { get; init; }

    public double? MemoryTotalMb { get; init; }

    /// <summary>The data directory's disk, when one was given and found.</summary>
    public DiskSample? Disk { get; init; }
}
