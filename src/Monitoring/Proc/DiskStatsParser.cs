using System.Globalization;

namespace DvdStore.Monitoring.Proc;

/// <summary>Parses <c>/proc/diskstats</c>: major minor name, then reads, merged, sectors, ms, writes, merged, sectors, ms, …</summary>
public static class DiskStatsParser
{
    public static IReadOnlyList<DiskCounters> Parse(string text)
    {
        var disks = new List<DiskCounters>();
        foreach (var line in text.Split('\n'))
        {
            var f = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            // Kernels before 2.6.25 printed 4 counters for partitions; such lines carry nothing we use.
            if (f.Length < 14)
            {
                continue;
            }

            long L(int i) => long.Parse(f[i], NumberStyles.None, CultureInfo.InvariantCulture);
            disks.Add(new DiskCounters(
                int.Parse(f[0], CultureInfo.InvariantCulture), int.Parse(f[1], CultureInfo.InvariantCulture), f[2],
                ReadsCompleted: L(3), SectorsRead: L(5), MsReading: L(6),
                WritesCompleted: L(7), SectorsWritten: L(9), MsWriting: L(10)));
        }

        return disks;
    }
}
