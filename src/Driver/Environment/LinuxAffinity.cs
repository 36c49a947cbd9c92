using System.Runtime.InteropServices;

namespace DvdStore.Driver.Environment;

/// <summary>sched_getaffinity / sched_setaffinity (libc) for one thread id, with masks as CPU lists.</summary>
public static class LinuxAffinity
{
    public const int NotPermitted = 1;   // EPERM
    public const int NoSuchThread = 3;   // ESRCH
    public const int InvalidCpus = 22;   // EINVAL: no CPU of the mask is allowed (cpuset) or online

    // 1024 CPUs, the glibc cpu_set_t size; enough for any machine this kit targets.
    private const int MaskWords = 16;

    /// <summary>The thread's CPUs, or null with the errno when it cannot be read.</summary>
    public static IReadOnlyList<int>? Get(int tid, out int errno)
    {
        var mask = new ulong[MaskWords];
        if (sched_getaffinity(tid, (nuint)(MaskWords * sizeof(ulong)), mask) != 0)
        {
            errno = Marshal.GetLastPInvokeError();
            return null;
        }

        errno = 0;
        var cpus = new List<int>();
        for (var cpu = 0; cpu < MaskWords * 64; cpu++)
        {
            if ((mask[cpu / 64] & (1UL << (cpu % 64))) != 0)
            {
                cpus.Add(cpu);
            }
        }

        return cpus;
    }

    /// <summary>Sets the thread's CPUs; returns 0 or the errno.</summary>
    public static int Set(int tid, IReadOnlyList<int> cpus)
    {
        var mask = new ulong[MaskWords];
        foreach (var cpu in cpus)
        {
            mask[cpu / 64] |= 1UL << (cpu % 64);
        }

        return sched_setaffinity(tid, (nuint)(MaskWords * sizeof(ulong)), mask) == 0 ? 0 : Marshal.GetLastPInvokeError();
    }

    // DllImport rather than LibraryImport: the generated marshalling would need unsafe code in the project.
    [DllImport("libc", SetLastError = true)]
    private static extern int sched_getaffinity(int pid, nuint cpusetsize, [Out] ulong[] mask);

    [DllImport("libc", SetLastError = true)]
    private static extern int sched_setaffinity(int pid, nuint cpusetsize, ulong[] mask);
}
