namespace DvdStore.Monitoring;

/// <summary>
/// What the database server did during one log interval, beside the driver's figures (absent when server metrics
/// were off). Host figures come from the server's /proc (local or over SSH), engine figures from its own counters;
/// each is null when that source gave nothing for the interval.
/// </summary>
public sealed record ServerIntervalMetrics
{
    /// <summary>Busy share of all the server host's CPUs (user, nice, system, irq, softirq), %.</summary>
    public double? CpuPercent { get; init; }

    /// <summary>Busy share of the CPUs the server process may use (its cpuset/affinity), %.</summary>
    public double? CpuSetPercent { get; init; }

    public double? UserPercent { get; init; }

    /// <summary>System, irq and softirq, %.</summary>
    public double? SystemPercent { get; init; }

    public double? IoWaitPercent { get; init; }

    public double? StealPercent { get; init; }

    /// <summary>Runnable tasks on the server host (procs_running).</summary>
    public double? RunQueue { get; init; }

    public double? MemoryUsedMb { get; init; }

    /// <summary>Reads + writes per second of the data directory's disk.</summary>
    public double? Iops { get; init; }

    public double? ReadsPerSecond { get; init; }

    public double? WritesPerSecond { get; init; }

    /// <summary>Read + written MiB per second of the data directory's disk.</summary>
    public double? DiskMBPerSecond { get; init; }

    /// <summary>Mean time per completed I/O of that disk, ms.</summary>
    public double? DiskLatencyMs { get; init; }

    /// <summary>Transactions the engine committed (its own counter; all sessions of the database or server).</summary>
    public long? EngineCommits { get; init; }

    public long? EngineRollbacks { get; init; }

    /// <summary>Engine transactions per minute from <see cref="EngineCommits"/>.</summary>
    public double? EngineTpm { get; init; }

    /// <summary>What the store's sessions were doing, sampled many times a second (null when waits were not sampled).</summary>
    public ServerWaits? Waits { get; init; }
}
