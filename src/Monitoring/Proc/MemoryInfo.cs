namespace DvdStore.Monitoring.Proc;

/// <summary>The <c>/proc/meminfo</c> figures a run report needs, in kB.</summary>
public sealed record MemoryInfo(long TotalKb, long FreeKb, long AvailableKb, long CachedKb)
{
    /// <summary>Memory not available to new work: total − available (the figure `free` shows as used, roughly).</summary>
    public long UsedKb => TotalKb - AvailableKb;
}
