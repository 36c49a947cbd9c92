using System.Diagnostics;

namespace DvdStore.Driver.Running;

/// <summary>The driver process's memory at one moment: resident set and the managed heap after a full collection.</summary>
/// <param name="WorkingSetBytes">Resident memory (RSS).</param>
/// <param name="GcHeapBytes">Managed heap still in use after a collection (what would show a leak).</param>
public readonly record struct ProcessMemory(long WorkingSetBytes, long GcHeapBytes)
{
    /// <summary>Resident memory only, without a collection (cheap enough for every log line).</summary>
    public static long ResidentBytes()
    {
        using var self = Process.GetCurrentProcess();
        return self.WorkingSet64;
    }

    /// <summary>Collects fully and reads both figures: at the start and end of a run, and at every log line only when asked (memory_check).</summary>
    public static ProcessMemory Measure()
    {
        var heap = GC.GetTotalMemory(forceFullCollection: true);
        using var self = Process.GetCurrentProcess();
        return new ProcessMemory(self.WorkingSet64, heap);
    }
}
