namespace DvdStore.Monitoring;

/// <summary>
/// The database server over the measured window: how it was measured and the averages (weighted by interval length,
/// disk latency by I/O count). Absent from result files of runs without server metrics.
/// </summary>
public sealed class ServerMetricsSummary
{
    /// <summary>What was measured, e.g. "server metrics: local host (disk nvme0n1 under /), engine counters".</summary>
    public string Source { get; init; } = "";

    /// <summary>Seconds of the window with host figures, and with engine figures (less than the window when reads failed).</summary>
    public double HostSeconds { get; init; }

    public double EngineSeconds { get; init; }

    /// <summary>The server process's CPUs, e.g. "0-3", when a server pid was given.</summary>
    public string? CpuSet { get; init; }

    /// <summary>The data directory's disk (diskstats name), when found.</summary>
    public string? DiskDevice { get; init; }

    /// <summary>Averages over the measured window; per-interval values are in each interval's <c>server</c>.</summary>
    public ServerIntervalMetrics Average { get; init; } = new();

    /// <summary>
    /// Transactions the engine committed from the common start until the users had stopped (warm-up and the last orders
    /// included): beside the cross-check's driver-committed orders, which it must not fall below (other sessions only add).
    /// </summary>
    public long? RunEngineCommits { get; init; }

    /// <summary>The one line the run summary prints, e.g. "server CPU 63% (…), disk nvme0n1 1520 IOPS …, engine 9120 TPM".</summary>
    public string? SummaryLine { get; init; }

    /// <summary>Why figures are missing (unreachable host, no engine counters, disk not found), each said once.</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];
}
