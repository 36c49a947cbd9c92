using System.Runtime.InteropServices;
using DvdStore.Driver.Results;

namespace DvdStore.Driver.Environment;

/// <summary>Describes the live client machine for a run's context (Linux topology in detail, elsewhere the basics).</summary>
public static class ClientEnvironment
{
    public static ClientContext Detect()
    {
        CpuTopology topology;
        try
        {
            topology = OperatingSystem.IsLinux()
                ? LinuxCpuTopologyParser.Parse("/")
                : Fallback();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            topology = Fallback();
        }

        return new ClientContext
        {
            Hostname = System.Environment.MachineName,
            CpuModel = topology.CpuModel,
            Sockets = topology.Sockets,
            CoresPerSocket = topology.CoresPerSocket,
            ThreadsPerCore = topology.ThreadsPerCore,
            NumaNodes = topology.NumaNodes,
            OnlineCpus = topology.OnlineCpuList,
            OnlineCpuCount = topology.OnlineCpus.Count,
            AffinityCpus = topology.AllowedCpuList,
            AffinityCpuCount = topology.AllowedCpus.Count,
            MemoryBytes = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes,
            OperatingSystem = RuntimeInformation.OSDescription,
            DotNetVersion = RuntimeInformation.FrameworkDescription,
        };
    }

    private static CpuTopology Fallback()
    {
        var cpus = Enumerable.Range(0, System.Environment.ProcessorCount).ToList();
        return new CpuTopology("", 1, cpus.Count, 1, 1, cpus, cpus);
    }
}
