using System.Globalization;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Results;
using DvdStore.Monitoring.Proc;
using DvdStore.Schema;

namespace DvdStore.Driver.Environment;

/// <summary>
/// Keeps the driver process off the server's CPUs (issue 6, <c>--driver-cpus</c>): pins every thread of this
/// process with sched_setaffinity. .NET's Process.ProcessorAffinity is not enough on Linux: it calls
/// sched_setaffinity on the process id, which sets only the main thread. Threads created afterwards (thread
/// pool, timers, connection pools) inherit the set of the thread that creates them, so pinning every thread
/// that exists now covers the future ones too.
/// </summary>
public static class DriverAffinity
{
    /// <summary>The kernel's system tree: online CPUs, their topology, NUMA nodes.</summary>
    public const string LiveSystemRoot = "/sys/devices/system";

    private const int MaxPasses = 5;

    /// <summary>A CPU list in Linux syntax ("1", "2,3", "4-7"); a one-line <see cref="UserError"/> when it is not one or is empty.</summary>
    public static IReadOnlyList<int> Parse(string option, string text)
    {
        IReadOnlyList<int> cpus;
        try
        {
            cpus = CpuList.Parse(text);
        }
        catch (Exception e) when (e is FormatException or OverflowException)
        {
            throw new UserError($"{option} {text}: not a CPU list; write CPU numbers and ranges such as 1 or 2,3 or 4-7", e);
        }

        return cpus.Count > 0
            ? cpus
            : throw new UserError($"{option} '{text}': the list names no CPU; give the driver's CPUs, e.g. {option} 1 or {option} 4-7");
    }

    /// <summary>
    /// Pins this process's threads to <paramref name="cpus"/>. Checks first that they are online (nothing is
    /// changed when they are not) and afterwards that the kernel gave all of them (a cgroup cpuset may allow fewer).
    /// </summary>
    public static void Pin(IReadOnlyList<int> cpus, string systemRoot = LiveSystemRoot)
    {
        var list = CpuList.Format(cpus);
        if (!OperatingSystem.IsLinux())
        {
            throw new UserError($"--driver-cpus {list}: pinning the driver needs Linux; run without --driver-cpus (or pin the driver with the system's own tool)");
        }

        var online = OnlineCpus(systemRoot);
        var missing = cpus.Except(online).ToList();
        if (missing.Count > 0)
        {
            throw new UserError($"--driver-cpus {list}: CPU {CpuList.Format(missing)} is not online on this machine (online: {CpuList.Format(online)}); choose the driver's CPUs from those");
        }

        // A thread created by a not-yet-pinned thread during a pass keeps the old CPUs: pass again until no new thread appears.
        var self = new ServerProcessTree(System.Environment.ProcessId);
        var pinned = new HashSet<int>();
        for (var pass = 0; pass < MaxPasses; pass++)
        {
            var fresh = self.Threads(self.RootPid).Where(pinned.Add).ToList();
            if (pass > 0 && fresh.Count == 0)
            {
                break;
            }

            foreach (var tid in fresh)
            {
                var errno = LinuxAffinity.Set(tid, cpus);
                if (errno is not (0 or LinuxAffinity.NoSuchThread))
                {
                    throw new UserError(errno == LinuxAffinity.InvalidCpus
                        ? $"--driver-cpus {list}: none of these CPUs is available to this process (its cgroup cpuset allows {AllowedText()}); choose from those"
                        : string.Create(CultureInfo.InvariantCulture, $"--driver-cpus {list}: could not pin the driver's thread {tid} (errno {errno}); run without --driver-cpus"));
                }
            }
        }

        if (Current() is { } actual && !actual.SequenceEqual(cpus))
        {
            throw new UserError($"--driver-cpus {list}: this process may use only {CpuList.Format(actual)} of them (its cgroup cpuset); choose the driver's CPUs from those");
        }
    }

    /// <summary>The CPUs this process (its main thread, as /proc/self/status shows) may run on; null off Linux or when unreadable.</summary>
    public static IReadOnlyList<int>? Current() =>
        OperatingSystem.IsLinux() ? LinuxAffinity.Get(System.Environment.ProcessId, out _) : null;

    /// <summary>
    /// A sweep step's warning when the driver may run on CPUs of the server's set: its work then competes with
    /// the server's and the step measures less than the set can do. Null when they are apart (or unknown).
    /// </summary>
    public static Finding? SharesServerCpus(IReadOnlyList<int> serverCpus, IReadOnlyList<int>? driverCpus)
    {
        var shared = driverCpus?.Intersect(serverCpus).Order().ToList() ?? [];
        if (driverCpus is null || shared.Count == 0)
        {
            return null;
        }

        var apart = driverCpus.Except(serverCpus).Order().ToList();
        var example = apart.Count > 0 ? $", e.g. --driver-cpus {CpuList.Format(apart)}" : "";
        return new Finding(
            SharedCpusCode,
            FindingSeverity.Warning,
            $"the driver may run on CPU {CpuList.Format(shared)} of the server's set {CpuList.Format(serverCpus)} (driver: {CpuList.Format(driverCpus)}): its work competes with the server's there; keep them apart with --driver-cpus (the server's sets are then planned from the other CPUs){example}.");
    }

    public const string SharedCpusCode = "driver-shares-server-cpus";

    private static string AllowedText() => Current() is { } cpus ? CpuList.Format(cpus) : "other CPUs";

    private static IReadOnlyList<int> OnlineCpus(string systemRoot)
    {
        var path = Path.Combine(systemRoot, "cpu", "online");
        return File.Exists(path)
            ? CpuList.Parse(File.ReadAllText(path))
            : throw new IOException($"{path} does not exist: not a Linux system tree");
    }
}
