using System.Globalization;
using LinuxCpuList = DvdStore.Monitoring.Proc.CpuList;

namespace DvdStore.Studies;

/// <summary>
/// What a set of CPUs is made of, as recorded in a result's labels so Analysis can group runs by it.
/// <see cref="ThreadsPerCore"/> is the most threads the set uses on any one of its cores.
/// </summary>
public sealed record CpuSetShape(IReadOnlyList<int> CpuIds, int Cores, int ThreadsPerCore, int Sockets, int Nodes)
{
    public int Cpus => CpuIds.Count;

    /// <summary>The set in Linux list syntax, e.g. "0-3,8-11".</summary>
    public string CpuList => LinuxCpuList.Format(CpuIds);

    /// <summary>The labels a sweep step carries (keys as in issue 6: cpus, cores, threads_per_core, sockets, nodes).</summary>
    public IReadOnlyDictionary<string, string> ToLabels() => new SortedDictionary<string, string>(StringComparer.Ordinal)
    {
        ["cpu_list"] = CpuList,
        ["cpus"] = Cpus.ToString(CultureInfo.InvariantCulture),
        ["cores"] = Cores.ToString(CultureInfo.InvariantCulture),
        ["threads_per_core"] = ThreadsPerCore.ToString(CultureInfo.InvariantCulture),
        ["sockets"] = Sockets.ToString(CultureInfo.InvariantCulture),
        ["nodes"] = Nodes.ToString(CultureInfo.InvariantCulture),
    };
}
