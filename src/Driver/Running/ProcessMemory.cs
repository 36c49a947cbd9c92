using System.Diagnostics;

namespace DvdStore.Driver.Running;

/// <summary>The driver process's memory at one moment: resident set and the managed heap after a full collection.</summary>
/// <param name="WorkingSetBytes">Resident memory (RSS).</param>
/// <param name="GcHeapBytes">Managed heap still in use after a collection (what would show a leak).</param>
/// <param name="GcCommittedBytes">Memory the GC holds committed after that collection: the live heap, its free space and budgets.</param>
/// <param name="GcFragmentedBytes">Free space inside the GC's heap after that collection.</param>
/// <param name="Threads">The process's threads (each keeps the stack pages it touched resident).</param>
public readonly record struct ProcessMemory(long WorkingSetBytes, long GcHeapBytes, long GcCommittedBytes = 0, long GcFragmentedBytes = 0, int Threads = 0)
{
    /// <summary>Resident memory only, without a collection (cheap enough for every log line).</summary>
    public static long ResidentBytes()
    {
        using var self = Process.GetCurrentProcess();
        return self.WorkingSet64;
    }

    /// <summary>Collects fully and reads all figures: at the start and end of a run, and at every log line only when asked (memory_check).</summary>
    public static ProcessMemory Measure()
    {
        var heap = GC.GetTotalMemory(forceFullCollection: true);
        var gc = GC.GetGCMemoryInfo();
        using var self = Process.GetCurrentProcess();
        return new ProcessMemory(self.WorkingSet64, heap, gc.TotalCommittedBytes, gc.FragmentedBytes, self.Threads.Count);
    }
}
