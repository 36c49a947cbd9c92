namespace DvdStore.Studies;

/// <summary>The question a CPU set answers.</summary>
public enum CpuStudy
{
    /// <summary>No pinning: the server keeps the CPUs it has.</summary>
    None,

    /// <summary>1, 2, 4 … N CPUs.</summary>
    VcpuScaling,

    /// <summary>N cores with one thread each against N/2 cores with both threads.</summary>
    HyperThreading,

    /// <summary>One socket/NUMA node against the same number of CPUs spread across them.</summary>
    Affinity,
}
