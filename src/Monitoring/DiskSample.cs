namespace DvdStore.Monitoring;

/// <summary>One disk over one interval, as iostat would show it (MB = 2^20 bytes).</summary>
public sealed record DiskSample
{
    /// <summary>The diskstats name, e.g. nvme0n1.</summary>
    public string Device { get; init; } = "";

    public double ReadsPerSecond { get; init; }

    public double WritesPerSecond { get; init; }

    public double Iops => ReadsPerSecond + WritesPerSecond;

    public double ReadMBPerSecond { get; init; }

    public double WriteMBPerSecond { get; init; }

    /// <summary>Δ(ms reading + ms writing) / Δ(reads + writes): mean time per completed I/O; null when none completed.</summary>
    public double? AverageLatencyMs { get; init; }
}
