using System.Globalization;
using System.Text;

namespace DvdStore.Driver.Environment;

/// <summary>Linux CPU list syntax ("0-3,8,10-11"), as in /sys/devices/system/cpu/online and Cpus_allowed_list.</summary>
public static class CpuList
{
    public static IReadOnlyList<int> Parse(string text)
    {
        var cpus = new SortedSet<int>();
        foreach (var part in text.Trim().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var dash = part.IndexOf('-');
            if (dash < 0)
            {
                cpus.Add(int.Parse(part, CultureInfo.InvariantCulture));
                continue;
            }

            var first = int.Parse(part[..dash], CultureInfo.InvariantCulture);
            var last = int.Parse(part[(dash + 1)..], CultureInfo.InvariantCulture);
            for (var cpu = first; cpu <= last; cpu++)
            {
                cpus.Add(cpu);
            }
        }

        return cpus.ToList();
    }

    public static string Format(IReadOnlyList<int> cpus)
    {
        var text = new StringBuilder();
        var i = 0;
        while (i < cpus.Count)
        {
            var j = i;
            while (j + 1 < cpus.Count && cpus[j + 1] == cpus[j] + 1)
            {
                j++;
            }

            if (text.Length > 0)
            {
                text.Append(',');
            }

            text.Append(CultureInfo.InvariantCulture, $"{cpus[i]}");
            if (j > i)
            {
                text.Append(CultureInfo.InvariantCulture, $"-{cpus[j]}");
            }

            i = j + 1;
        }

        return text.ToString();
    }
}
