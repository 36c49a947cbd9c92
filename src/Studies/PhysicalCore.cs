namespace DvdStore.Studies;

/// <summary>One physical core and its hardware threads (SMT siblings), lowest CPU first.</summary>
/// <param name="Index">Position in <see cref="CpuLayout.Cores"/>: sockets in order, cores by their lowest CPU.</param>
/// <param name="Socket">physical_package_id.</param>
/// <param name="Node">NUMA node of the core's first thread.</param>
/// <param name="Threads">The logical CPUs of the core.</param>
public sealed record PhysicalCore(int Index, int Socket, int Node, IReadOnlyList<int> Threads);
