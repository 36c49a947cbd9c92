using System.Globalization;

namespace DvdStore.Monitoring.Proc;

/// <summary>Parses <c>/proc/diskstats</c>: major minor name, then reads, merged, sectors, ms, writes, merged, sectors, ms, …</summary>
public static class DiskStatsParser
{
    // Kernels before 2.6.25 printed 4 counters for partitions; such lines carry nothing we use.
    public static IReadOnlyList<DiskCounters> Parse(string text) =>
        ProcFields.Lines(text).Where(static f => f.Length >= 14).Select(Disk).ToList();

    private static DiskCounters Disk(string[] f)
    {
        long L(int i) => long.Parse(f[i], NumberStyles.None, CultureInfo.InvariantCulture);
        return new DiskCounters(
            int.Parse(f[0], CultureInfo.InvariantCulture), int.Parse(f[1], CultureInfo.InvariantCulture), f[2],
            ReadsCompleted: L(3), SectorsRead: L(5), MsReading: L(6),
            WritesCompleted: L(7), SectorsWritten: L(9), MsWriting: L(10));
    }
}
