namespace DvdStore.Studies;

/// <summary>
/// The peak search on one CPU set (null set = the server's own CPUs, unpinned); in a rate sweep, <paramref name="Rates"/>
/// holds the rate steps and their SLA, and <paramref name="Search"/> the same steps by delivered OPM.
/// </summary>
public sealed record SweepSetResult(CpuSet? Set, PeakSearch Search, RateSearch? Rates = null);
