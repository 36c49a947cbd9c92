using System.Globalization;
using DvdStore.Driver.Environment;
using DvdStore.Monitoring.Proc;

namespace DvdStore.Studies;

/// <summary>
/// Reads where every online CPU sits from a Linux <c>/sys/devices/system</c> tree (a recorded copy in tests):
/// <c>cpu/online</c>, <c>cpu/cpuN/topology/{physical_package_id,core_id,thread_siblings_list}</c> and
/// <c>node/nodeN/cpulist</c>. The driver's <see cref="LinuxCpuTopologyParser"/> gives the counts for a run's
/// client context; this reader keeps the per-CPU placement the CPU-set planner needs.
/// </summary>
public static class LinuxCpuLayoutReader
{
    public const string LiveRoot = DriverAffinity.LiveSystemRoot;

    public static CpuLayout Read(string systemRoot = LiveRoot)
    {
        var cpuDir = Path.Combine(systemRoot, "cpu");
        var onlinePath = Path.Combine(cpuDir, "online");
        if (!File.Exists(onlinePath))
        {
            throw new IOException($"{onlinePath} does not exist: not a Linux system tree");
        }

        var online = CpuList.Parse(File.ReadAllText(onlinePath));
        var nodes = ReadNodes(Path.Combine(systemRoot, "node"));

        // A core is the set of its SMT siblings (thread_siblings_list); where that file is missing,
        // (package, core_id) names it, as core_id is only unique within a package.
        var coreKeys = new Dictionary<string, int>(StringComparer.Ordinal);
        var raw = new List<(int Cpu, int Socket, string CoreKey, int Node)>();
        foreach (var cpu in online)
        {
            var topology = Path.Combine(cpuDir, string.Create(CultureInfo.InvariantCulture, $"cpu{cpu}"), "topology");
            var socket = Math.Max(0, ReadInt(Path.Combine(topology, "physical_package_id")) ?? 0);
            var siblings = ReadText(Path.Combine(topology, "thread_siblings_list"));
            var coreKey = siblings is not null
                ? "s:" + CpuList.Format(CpuList.Parse(siblings).Where(online.Contains).DefaultIfEmpty(cpu).ToList())
                : string.Create(CultureInfo.InvariantCulture, $"c:{socket}:{ReadInt(Path.Combine(topology, "core_id")) ?? cpu}");
            raw.Add((cpu, socket, coreKey, nodes.TryGetValue(cpu, out var node) ? node : 0));
        }

        // Number cores sockets first, then by their lowest CPU, so core order is stable and readable.
        foreach (var core in raw.GroupBy(static r => r.CoreKey).OrderBy(static g => g.Min(r => r.Socket)).ThenBy(static g => g.Min(r => r.Cpu)))
        {
            coreKeys[core.Key] = coreKeys.Count;
        }

        return new CpuLayout(raw.Select(r => new CpuPlacement(r.Cpu, r.Socket, coreKeys[r.CoreKey], r.Node)));
    }

    private static Dictionary<int, int> ReadNodes(string nodeDir)
    {
        var byCpu = new Dictionary<int, int>();
        if (!Directory.Exists(nodeDir))
        {
            return byCpu;
        }

        foreach (var dir in Directory.GetDirectories(nodeDir, "node*"))
        {
            if (int.TryParse(Path.GetFileName(dir)[4..], NumberStyles.None, CultureInfo.InvariantCulture, out var node)
                && ReadText(Path.Combine(dir, "cpulist")) is { } list)
            {
                foreach (var cpu in CpuList.Parse(list))
                {
                    byCpu[cpu] = node;
                }
            }
        }

        return byCpu;
    }

    private static string? ReadText(string path) => File.Exists(path) ? File.ReadAllText(path).Trim() : null;

    private static int? ReadInt(string path) =>
        ReadText(path) is { } text && int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var value) ? value : null;
}
