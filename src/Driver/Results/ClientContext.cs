namespace DvdStore.Driver.Results;

/// <summary>The machine the driver ran on: CPU topology, what the process may use, OS and runtime.</summary>
public sealed class ClientContext
{
    public string Hostname { get; init; } = "";

    public string CpuModel { get; init; } = "";

    public int Sockets { get; init; }

    public int CoresPerSocket { get; init; }

    public int ThreadsPerCore { get; init; }

    /// <summary>True when more than one hardware thread runs per core (Hyper-Threading/SMT on).</summary>
    public bool SmtEnabled => ThreadsPerCore > 1;

    public int NumaNodes { get; init; }

    /// <summary>Online logical CPUs of the machine, as a list (e.g. "0-15").</summary>
    public string OnlineCpus { get; init; } = "";

    public int OnlineCpuCount { get; init; }

    /// <summary>CPUs this process may run on (affinity / cpuset), as a list (e.g. "0-3,8").</summary>
    public string AffinityCpus { get; init; } = "";

    public int AffinityCpuCount { get; init; }

    /// <summary>Memory the driver's process could use: the machine's physical memory, or its container's limit (bytes; 0 = not recorded).</summary>
    public long MemoryBytes { get; init; }

    public string OperatingSystem { get; init; } = "";

    public string DotNetVersion { get; init; } = "";
}
