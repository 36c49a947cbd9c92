using System.Globalization;
using DvdStore.Monitoring.Proc;

namespace DvdStore.Studies;

/// <summary>
/// Chooses the CPU sets of a study from a machine's real layout (issue 6): vCPU scaling (1, 2, 4 … N),
/// hyper-threading (N cores × 1 thread against N/2 cores × 2 threads) and affinity (one socket/NUMA node
/// against spread). Sets always fill one socket before the next, so a scaling curve does not mix in a
/// socket effect until the first socket is full. What the machine cannot offer is skipped with a reason.
/// </summary>
public sealed class CpuSetPlanner(CpuLayout layout)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    public CpuLayout Layout { get; } = layout;

    /// <summary>Says in skip reasons that the driver's CPUs were left out, so "only 3 CPUs" is not read as the machine's size.</summary>
    private string Left => Layout.Reserved.Count == 0 ? "" : $" outside --driver-cpus {CpuList.Format(Layout.Reserved)}";

    /// <summary>1, 2, 4 … up to <paramref name="max"/>, always ending with <paramref name="max"/> itself.</summary>
    public static IReadOnlyList<int> Doubling(int max, int start = 1)
    {
        var steps = new List<int>();
        // long: doubling towards int.MaxValue must not wrap around and loop for ever.
        for (long n = Math.Max(1, start); n < max; n *= 2)
        {
            steps.Add((int)n);
        }

        steps.Add(max);
        return steps;
    }

    /// <summary>Every online CPU in the order sets grow: socket by socket, within it as <paramref name="fill"/> says.</summary>
    public IReadOnlyList<int> Order(ThreadFill fill) => OrderOf(Layout.Cores, fill);

    public CpuPlan VcpuScaling(IReadOnlyList<int>? counts = null, ThreadFill fill = ThreadFill.CoresFirst)
    {
        var order = Order(fill);
        var sets = new List<CpuSet>();
        var skipped = new List<string>();
        foreach (var count in counts ?? Doubling(order.Count))
        {
            if (count > order.Count)
            {
                skipped.Add(string.Create(Inv, $"vcpu-{count}: only {order.Count} CPUs are online{Left}"));
                continue;
            }

            sets.Add(Make(CpuStudy.VcpuScaling, "", order.Take(count)));
        }

        return new CpuPlan(sets, skipped);
    }

    /// <summary>
    /// For each N: "off" = first thread of N cores, "on" = two threads of N/2 cores. N defaults to the cores
    /// of one socket, so both variants stay on one socket.
    /// </summary>
    public CpuPlan HyperThreading(IReadOnlyList<int>? cpuCounts = null, bool on = true, bool off = true)
    {
        if (!Layout.SmtEnabled)
        {
            return new CpuPlan([], [$"hyper-threading: every core has one thread online{Left} (no SMT, or SMT off); ht sets skipped"]);
        }

        var sets = new List<CpuSet>();
        var skipped = new List<string>();
        var paired = Layout.Cores.Where(static c => c.Threads.Count >= 2).ToList();
        foreach (var n in cpuCounts ?? [Layout.CoresPerSocket - (Layout.CoresPerSocket % 2)])
        {
            if (n < 2 || n % 2 != 0)
            {
                skipped.Add(string.Create(Inv, $"ht-{n}: the hyper-threading study needs an even CPU count of at least 2"));
                continue;
            }

            if (off)
            {
                if (n <= Layout.Cores.Count)
                {
                    sets.Add(Make(CpuStudy.HyperThreading, "off", OrderOf(Layout.Cores, ThreadFill.CoresFirst, threadsPerCore: 1).Take(n)));
                }
                else
                {
                    skipped.Add(string.Create(Inv, $"ht-off-{n}: the machine has only {Layout.Cores.Count} cores{Left}"));
                }
            }

            if (on)
            {
                if (n / 2 <= paired.Count)
                {
                    sets.Add(Make(CpuStudy.HyperThreading, "on", OrderOf(paired, ThreadFill.ThreadsFirst, threadsPerCore: 2).Take(n)));
                }
                else
                {
                    skipped.Add(string.Create(Inv, $"ht-on-{n}: the machine has only {paired.Count} cores with two threads{Left}"));
                }
            }
        }

        return new CpuPlan(sets, skipped);
    }

    /// <summary>
    /// "packed" = N CPUs on one NUMA node (one socket when the system shows one node), "spread" = N CPUs
    /// dealt round-robin over all nodes (sockets). One thread per core first in both. N defaults to one node's cores.
    /// </summary>
    public CpuPlan Affinity(int? cpus = null)
    {
        var byNode = Layout.Nodes > 1;
        var domains = Layout.Cores.GroupBy(c => byNode ? c.Node : c.Socket)
            .OrderBy(static g => g.Key)
            .Select(static g => OrderOf(g.ToList(), ThreadFill.CoresFirst))
            .ToList();
        var unit = byNode ? "NUMA node" : "socket";
        if (domains.Count < 2)
        {
            return new CpuPlan([], [$"affinity: the machine has one socket and one NUMA node{Left}; affinity sets skipped"]);
        }

        var n = cpus ?? Layout.Cores.GroupBy(c => byNode ? c.Node : c.Socket).Min(static g => g.Count());
        var skipped = new List<string>();
        var sets = new List<CpuSet>();
        if (n <= domains[0].Count)
        {
            sets.Add(Make(CpuStudy.Affinity, "packed", domains[0].Take(n)));
        }
        else
        {
            skipped.Add(string.Create(Inv, $"affinity-packed-{n}: one {unit} has only {domains[0].Count} CPUs{Left}"));
        }

        if (n >= 2 && n <= domains.Sum(static d => d.Count))
        {
            var spread = new List<int>();
            for (var i = 0; spread.Count < n; i++)
            {
                spread.AddRange(domains.Where(d => i < d.Count).Select(d => d[i]).Take(n - spread.Count));
            }

            sets.Add(Make(CpuStudy.Affinity, "spread", spread));
        }
        else
        {
            skipped.Add(string.Create(Inv, $"affinity-spread-{n}: spreading needs 2 to {domains.Sum(static d => d.Count)} CPUs{Left}"));
        }

        return new CpuPlan(sets, skipped);
    }

    private CpuSet Make(CpuStudy study, string variant, IEnumerable<int> cpus)
    {
        var shape = Layout.ShapeOf(cpus);
        return new CpuSet(CpuSet.NameOf(study, variant, shape.Cpus), study, variant, shape);
    }

    private static List<int> OrderOf(IReadOnlyList<PhysicalCore> cores, ThreadFill fill, int threadsPerCore = int.MaxValue)
    {
        var order = new List<int>();
        foreach (var socket in cores.GroupBy(static c => c.Socket).OrderBy(static g => g.Key))
        {
            var socketCores = socket.ToList();
            if (fill == ThreadFill.ThreadsFirst)
            {
                order.AddRange(socketCores.SelectMany(c => c.Threads.Take(threadsPerCore)));
                continue;
            }

            var depth = Math.Min(threadsPerCore, socketCores.Max(static c => c.Threads.Count));
            for (var thread = 0; thread < depth; thread++)
            {
                order.AddRange(socketCores.Where(c => thread < c.Threads.Count).Select(c => c.Threads[thread]));
            }
        }

        return order;
    }
}
