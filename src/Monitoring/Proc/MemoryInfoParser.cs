using System.Globalization;

namespace DvdStore.Monitoring.Proc;

/// <summary>Parses <c>/proc/meminfo</c> ("MemTotal:  24683620 kB" lines).</summary>
public static class MemoryInfoParser
{
    public static MemoryInfo Parse(string text)
    {
        var values = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var line in text.Split('\n'))
        {
            var colon = line.IndexOf(':');
            if (colon <= 0)
            {
                continue;
            }

            var number = line[(colon + 1)..].Trim().Split(' ', 2)[0];
            if (long.TryParse(number, NumberStyles.None, CultureInfo.InvariantCulture, out var value))
            {
                values[line[..colon]] = value;
            }
        }

        if (!values.TryGetValue("MemTotal", out var total))
        {
            throw new FormatException("/proc/meminfo has no MemTotal line.");
        }

        var free = values.GetValueOrDefault("MemFree");
        var cached = values.GetValueOrDefault("Cached");
        // MemAvailable exists since Linux 3.14; before that, free + buffers + cached is the usual estimate.
        var available = values.TryGetValue("MemAvailable", out var a) ? a : free + values.GetValueOrDefault("Buffers") + cached;
        return new MemoryInfo(total, free, available, cached);
    }
}
