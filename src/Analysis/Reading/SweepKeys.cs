namespace DvdStore.Analysis.Reading;

/// <summary>
/// The labels a <c>dvdstore sweep</c> step carries (docs/sweep.md). They describe the server's CPU set in detail;
/// the studies compare the vcpus/smt/affinity/numa derived from them, so these never split configurations.
/// </summary>
public static class SweepKeys
{
    public const string Sweep = "sweep";
    public const string Users = "users";
    public const string CpuSet = "cpu_set";
    public const string Study = "cpu_study";
    public const string Variant = "cpu_variant";
    public const string CpuList = "cpu_list";
    public const string Cpus = "cpus";
    public const string Cores = "cores";
    public const string ThreadsPerCore = "threads_per_core";
    public const string Sockets = "sockets";
    public const string Nodes = "nodes";
    public const string PinMethod = "pin_method";

    /// <summary>The CPUs the driver process could run on during the step (where the load came from, not a server configuration).</summary>
    public const string DriverCpus = "driver_cpus";

    public static IReadOnlyList<string> All { get; } = [Sweep, Users, CpuSet, Study, Variant, CpuList, Cpus, Cores, ThreadsPerCore, Sockets, Nodes, PinMethod, DriverCpus];
}
