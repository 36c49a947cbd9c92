namespace DvdStore.Studies;

/// <summary>Where one logical CPU sits: its socket (physical package), its physical core and its NUMA node.</summary>
/// <param name="Cpu">The logical CPU number Linux uses (cpuN).</param>
/// <param name="Socket">physical_package_id.</param>
/// <param name="Core">Index of the physical core in <see cref="CpuLayout.Cores"/> (unique across sockets).</param>
/// <param name="Node">The NUMA node whose cpulist holds the CPU (0 when the system shows none).</param>
public sealed record CpuPlacement(int Cpu, int Socket, int Core, int Node);
