namespace DvdStore.Studies;

/// <summary>
/// The online CPUs of a machine placed on sockets, physical cores and NUMA nodes: what the CPU-set planner
/// chooses from. Read it with <see cref="LinuxCpuLayoutReader"/>; build one directly in tests.
/// </summary>
public sealed class CpuLayout
{
    private readonly Dictionary<int, CpuPlacement> _byCpu;

    /// <param name="cpus">The online CPUs to plan from.</param>
    /// <param name="reserved">Online CPUs kept out for another use (the driver's, --driver-cpus); none by default.</param>
    public CpuLayout(IEnumerable<CpuPlacement> cpus, IReadOnlyList<int>? reserved = null)
    {
        Reserved = reserved ?? [];
        Cpus = cpus.OrderBy(static c => c.Cpu).ToList();
        if (Cpus.Count == 0)
        {
            throw new ArgumentException("a CPU layout needs at least one CPU", nameof(cpus));
        }

        _byCpu = Cpus.ToDictionary(static c => c.Cpu);
        Cores = Cpus.GroupBy(static c => c.Core)
            .OrderBy(static g => g.Key)
            .Select(static g => new PhysicalCore(g.Key, g.First().Socket, g.First().Node, g.Select(static c => c.Cpu).ToList()))
            .ToList();
    }

    /// <summary>Online CPUs left out of <see cref="Cpus"/> because they are the driver's (see <see cref="Without"/>).</summary>
    public IReadOnlyList<int> Reserved { get; }

    /// <summary>Online logical CPUs, ascending.</summary>
    public IReadOnlyList<CpuPlacement> Cpus { get; }

    /// <summary>Physical cores: sockets in order, within a socket by lowest CPU.</summary>
    public IReadOnlyList<PhysicalCore> Cores { get; }

    public IReadOnlyList<int> OnlineCpus => Cpus.Select(static c => c.Cpu).ToList();

    public int Sockets => Cpus.Select(static c => c.Socket).Distinct().Count();

    public int Nodes => Cpus.Select(static c => c.Node).Distinct().Count();

    /// <summary>The most hardware threads any core has online (1 = no SMT).</summary>
    public int ThreadsPerCore => Cores.Max(static c => c.Threads.Count);

    public bool SmtEnabled => ThreadsPerCore > 1;

    /// <summary>Cores of the socket with the fewest (so "per socket" figures hold on every socket).</summary>
    public int CoresPerSocket => Cores.GroupBy(static c => c.Socket).Min(static g => g.Count());

    /// <summary>A layout without topology information: every CPU its own core on one socket (non-Linux fallback).</summary>
    public static CpuLayout Flat(int cpuCount) =>
        new(Enumerable.Range(0, cpuCount).Select(static cpu => new CpuPlacement(cpu, 0, cpu, 0)));

    /// <summary>
    /// The layout without <paramref name="cpus"/> (given to the driver), so server sets are planned from the rest
    /// and never share a CPU with it; null when no CPU is left.
    /// </summary>
    public CpuLayout? Without(IReadOnlyCollection<int> cpus)
    {
        var left = Cpus.Where(c => !cpus.Contains(c.Cpu)).ToList();
        return left.Count == 0 ? null : new CpuLayout(left, [.. Reserved.Union(cpus.Where(_byCpu.ContainsKey)).Order()]);
    }

    public CpuPlacement this[int cpu] => _byCpu.TryGetValue(cpu, out var placement)
        ? placement
        : throw new ArgumentOutOfRangeException(nameof(cpu), cpu, "CPU is not online in this layout");

    /// <summary>How a set of these CPUs spreads over cores, sockets and nodes.</summary>
    public CpuSetShape ShapeOf(IEnumerable<int> cpus)
    {
        var placed = cpus.Distinct().Order().Select(cpu => this[cpu]).ToList();
        var cores = placed.GroupBy(static c => c.Core).ToList();
        return new CpuSetShape(
            placed.Select(static c => c.Cpu).ToList(),
            cores.Count,
            cores.Count == 0 ? 0 : cores.Max(static g => g.Count()),
            placed.Select(static c => c.Socket).Distinct().Count(),
            placed.Select(static c => c.Node).Distinct().Count());
    }
}
