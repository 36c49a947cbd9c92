using System.Globalization;
using DvdStore.Driver.Results;

namespace DvdStore.Driver.Running;

/// <summary>
/// Whether the client limited the run, and why. A driver whose users' timing lags is short either of its own CPU
/// (it used most of the CPUs it may use: fewer users per client or more client CPUs help) or of the host's (the CPUs
/// were taken by others, typically the database server on the same machine, or stolen by the hypervisor: only CPUs of
/// its own or another machine help). The finding names the cause measured and advises for that cause.
/// </summary>
public static class ClientSaturation
{
    public const string DriverCode = "client-saturation";

    public const string HostCode = "host-contention";

    /// <summary>The driver's mean CPU use (% of the CPUs it may use) at which it is itself the bottleneck.</summary>
    public const double DriverBusyPercent = 80;

    /// <summary>A thread-pool tick this late (ms) means the users' timing was held up.</summary>
    public const double LagMs = 100;

    /// <summary>The host is contended when this busy (%), this much stolen (%), or this many runnable tasks per CPU.</summary>
    public const double HostBusyPercent = 80, HostStealPercent = 10, RunnablePerCpu = 1.5;

    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <param name="meanCpu">The driver's mean CPU use over the measured intervals, % of <paramref name="usableCpus"/>.</param>
    /// <param name="host">The whole machine over the measured phase; null when not measured (not Linux).</param>
    /// <returns>The finding, or null when the client kept up.</returns>
    public static Finding? Assess(double meanCpu, double peakCpu, double peakLagMs, int usableCpus, HostLoad? host)
    {
        if (meanCpu < DriverBusyPercent && peakLagMs < LagMs)
        {
            return null;
        }

        var driver = string.Create(Inv, $"the driver used {meanCpu:F0} % (peak {peakCpu:F0} %) of the {usableCpus} CPUs it may use, worst scheduling lag {peakLagMs:F0} ms");
        var machine = host is null ? "" : string.Create(Inv, $"; the host's CPUs were {host.BusyPercent:F0} % busy ({host.DriverPercent:F0} % the driver, {host.OthersPercent:F0} % other processes), {host.StealPercent:F0} % stolen, {host.RunnablePerCpu:F1} runnable tasks per CPU");
        if (meanCpu >= DriverBusyPercent)
        {
            return new Finding(DriverCode, FindingSeverity.Warning, $"the driver's own CPU limited the result: {driver}{machine}; use fewer users per client or more client CPUs.");
        }

        if (host is not null && (host.BusyPercent >= HostBusyPercent || host.StealPercent >= HostStealPercent || host.RunnablePerCpu >= RunnablePerCpu))
        {
            return new Finding(HostCode, FindingSeverity.Warning,
                $"the host's CPUs, not the driver's load, held the users up: {driver}{machine}. Fewer users per client would not help: give the driver CPUs the server does not use (--driver-cpus) or another machine.");
        }

        return new Finding(DriverCode, FindingSeverity.Warning,
            $"the driver's timing lagged though neither its CPU nor the host's was short: {driver}{(host is null ? "; the host's CPUs were not measured" : machine)}; a pause (garbage collection, swapping, a stalled VM) may have held the users up: repeat the run and check the client machine.");
    }
}
