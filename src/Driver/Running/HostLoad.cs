namespace DvdStore.Driver.Running;

/// <summary>
/// How busy the driver's whole machine was over the measured phase, from <c>/proc/stat</c>: every CPU's busy and stolen
/// share, the run queue per CPU, and the driver's own share of all CPUs, so that a lagging driver can be told apart
/// from a busy host (e.g. the database server on the same CPUs).
/// </summary>
/// <param name="BusyPercent">Busy share of all online CPUs (user, nice, system, irq), %.</param>
/// <param name="StealPercent">Time the hypervisor gave the CPUs to other guests, %.</param>
/// <param name="RunnablePerCpu">Mean runnable tasks (procs_running) per online CPU.</param>
/// <param name="DriverPercent">The driver process's CPU time as a share of all online CPUs, %.</param>
public sealed record HostLoad(double BusyPercent, double StealPercent, double RunnablePerCpu, double DriverPercent)
{
    /// <summary>What processes other than the driver kept busy, % of all CPUs.</summary>
    public double OthersPercent => Math.Max(0, BusyPercent - DriverPercent);
}
