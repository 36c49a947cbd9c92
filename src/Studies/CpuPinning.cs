using System.Globalization;
using DvdStore.Driver.Environment;

namespace DvdStore.Studies;

/// <summary>
/// Chooses how to pin a local server: its own cgroup v2 cpuset when that is writable and holds only the
/// server, otherwise sched_setaffinity on every server thread. When neither can work (not Linux, one CPU,
/// no such process, not permitted) it returns null and one line saying why, so the sweep runs unpinned.
/// </summary>
public static class CpuPinning
{
    public static ICpuPinner? TryCreate(int serverPid, out string reason, string procRoot = "/proc", string cgroupRoot = "/sys/fs/cgroup")
    {
        reason = "";
        if (!OperatingSystem.IsLinux())
        {
            reason = "CPU pinning needs Linux; the sweep runs without CPU sets";
            return null;
        }

        if (System.Environment.ProcessorCount < 2)
        {
            reason = "this machine has one CPU: there is no CPU set to choose; the sweep runs without CPU sets";
            return null;
        }

        var server = new ServerProcessTree(serverPid, procRoot);
        if (!server.Exists)
        {
            reason = string.Create(CultureInfo.InvariantCulture, $"no process {serverPid} (--server-pid): the sweep runs without CPU sets");
            return null;
        }

        if (FindOwnCgroup(server, procRoot, cgroupRoot) is { } cgroup)
        {
            return new CgroupCpusetPinner(cgroup);
        }

        // Probe: setting a thread's current CPUs again fails with EPERM exactly when pinning would.
        if (LinuxAffinity.Get(serverPid, out var errno) is not { } current || (errno = LinuxAffinity.Set(serverPid, current)) != 0)
        {
            reason = errno == LinuxAffinity.NotPermitted
                ? string.Create(CultureInfo.InvariantCulture, $"not permitted to change the CPUs of server process {serverPid} (run as root or the server's user): the sweep runs without CPU sets")
                : string.Create(CultureInfo.InvariantCulture, $"cannot read or set the CPUs of server process {serverPid} (errno {errno}): the sweep runs without CPU sets");
            return null;
        }

        return new ProcessAffinityPinner(server);
    }

    /// <summary>
    /// The server's cgroup v2 directory when pinning it is safe: not the root, cpuset.cpus writable, and every
    /// process in it belongs to the server (pinning a shared cgroup would pin other programs, perhaps the driver).
    /// </summary>
    internal static string? FindOwnCgroup(ServerProcessTree server, string procRoot, string cgroupRoot)
    {
        try
        {
            var unified = File.Exists(Path.Combine(cgroupRoot, "cgroup.controllers")) ? cgroupRoot : Path.Combine(cgroupRoot, "unified");
            var line = File.ReadLines(Path.Combine(procRoot, server.RootPid.ToString(CultureInfo.InvariantCulture), "cgroup"))
                .FirstOrDefault(static l => l.StartsWith("0::", StringComparison.Ordinal));
            var relative = line?[3..].Trim('/');
            if (string.IsNullOrEmpty(relative))
            {
                return null;
            }

            var dir = Path.Combine(unified, relative);
            var cpus = Path.Combine(dir, "cpuset.cpus");
            if (!File.Exists(cpus) || !CanWrite(cpus))
            {
                return null;
            }

            var members = File.ReadAllLines(Path.Combine(dir, "cgroup.procs"))
                .Select(static l => int.Parse(l, CultureInfo.InvariantCulture));
            return members.All(server.Processes().ToHashSet().Contains) ? dir : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException)
        {
            return null;
        }
    }

    private static bool CanWrite(string path)
    {
        try
        {
            using var stream = new FileStream(path, FileMode.Open, FileAccess.Write);
            return true;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return false;
        }
    }
}
