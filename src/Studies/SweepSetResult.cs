namespace DvdStore.Studies;

/// <summary>The peak search on one CPU set (null set = the server's own CPUs, unpinned).</summary>
public sealed record SweepSetResult(CpuSet? Set, PeakSearch Search);
