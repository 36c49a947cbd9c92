namespace DvdStore.Monitoring.Proc;

/// <summary>
/// One line of <c>/proc/diskstats</c>: cumulative counters of a block device since boot.
/// Sectors are 512 bytes whatever the device's real sector size.
/// </summary>
public sealed record DiskCounters(
    int Major, int Minor, string Name,
    long ReadsCompleted, long SectorsRead, long MsReading,
    long WritesCompleted, long SectorsWritten, long MsWriting)
{
    public const int SectorBytes = 512;

    public string MajorMinor => $"{Major}:{Minor}";
}
