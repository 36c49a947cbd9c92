using System.Globalization;
using DvdStore.Monitoring.Proc;

namespace DvdStore.Driver.Environment;

/// <summary>
/// Reads the CPU topology from a Linux file tree rooted at <c>root</c> ("/" live; a recorded copy in tests):
/// /proc/cpuinfo (model), /sys/devices/system/cpu/online and cpuN/topology/{physical_package_id,core_id}
/// (sockets, cores, SMT), /sys/devices/system/node/nodeN (NUMA) and /proc/self/status Cpus_allowed_list
/// (the process's affinity / cpuset). Pure: touches nothing but the files it reads.
/// </summary>
public static class LinuxCpuTopologyParser
{
    public static CpuTopology Parse(string root)
    {
        var online = ReadCpuList(root, "sys/devices/system/cpu/online") ?? PresentFromCpuinfo(root);
        var cores = new HashSet<(int Package, int Core)>();
        var packages = new HashSet<int>();
        foreach (var cpu in online)
        {
            var topology = Path.Combine(root, "sys/devices/system/cpu", $"cpu{cpu}", "topology");
            var package = ReadInt(Path.Combine(topology, "physical_package_id")) ?? 0;
            var core = ReadInt(Path.Combine(topology, "core_id")) ?? cpu;
            packages.Add(package);
            cores.Add((package, core));
        }

        var sockets = Math.Max(1, packages.Count);
        var coreCount = Math.Max(1, cores.Count);
        var nodeDir = Path.Combine(root, "sys/devices/system/node");
        var numa = Directory.Exists(nodeDir)
            ? Directory.GetDirectories(nodeDir, "node*").Count(static d => int.TryParse(Path.GetFileName(d)[4..], out _))
            : 0;
        var allowed = AllowedCpus(root) ?? online;
        return new CpuTopology(
            CpuModel(root),
            sockets,
            coreCount / sockets,
            Math.Max(1, online.Count / coreCount),
            Math.Max(1, numa),
            online,
            allowed);
    }

    private static string CpuModel(string root)
    {
        var path = Path.Combine(root, "proc/cpuinfo");
        if (!File.Exists(path))
        {
            return "";
        }

        foreach (var line in File.ReadLines(path))
        {
            var colon = line.IndexOf(':');
            if (colon > 0 && line[..colon].Trim() is "model name" or "Model" or "cpu model")
            {
                return line[(colon + 1)..].Trim();
            }
        }

        return "";
    }

    private static IReadOnlyList<int> PresentFromCpuinfo(string root)
    {
        var path = Path.Combine(root, "proc/cpuinfo");
        var cpus = File.Exists(path)
            ? File.ReadLines(path).Where(static l => l.StartsWith("processor", StringComparison.Ordinal)).Select((_, i) => i).ToList()
            : [];
        return cpus.Count > 0 ? cpus : Enumerable.Range(0, System.Environment.ProcessorCount).ToList();
    }

    private static IReadOnlyList<int>? AllowedCpus(string root)
    {
        var path = Path.Combine(root, "proc/self/status");
        if (!File.Exists(path))
        {
            return null;
        }

        foreach (var line in File.ReadLines(path))
        {
            if (line.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))
            {
                return CpuList.Parse(line["Cpus_allowed_list:".Length..]);
            }
        }

        return null;
    }

    private static IReadOnlyList<int>? ReadCpuList(string root, string relative)
    {
        var path = Path.Combine(root, relative);
        return File.Exists(path) ? CpuList.Parse(File.ReadAllText(path)) : null;
    }

    private static int? ReadInt(string path) =>
        File.Exists(path) && int.TryParse(File.ReadAllText(path).Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) ? value : null;
}
