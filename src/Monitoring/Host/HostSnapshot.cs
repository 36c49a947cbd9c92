using DvdStore.Monitoring.Proc;

namespace DvdStore.Monitoring.Host;

/// <summary>The host's cumulative counters at one read; two of them make a <see cref="HostSample"/>.</summary>
/// <param name="Disk">The data directory's disk line, when one was resolved.</param>
/// <param name="CpuSet">The server process's CPUs, when a server pid was given and readable.</param>
public sealed record HostSnapshot(ProcStat Stat, LoadAverage? Load, MemoryInfo? Memory, DiskCounters? Disk, IReadOnlyList<int>? CpuSet);
