using System.Globalization;

namespace DvdStore.Monitoring.Proc;

/// <summary>The kernel's CPU list format ("0-3,8,10-11"), as in Cpus_allowed_list and cpuset.cpus.</summary>
public static class CpuList
{
    public static IReadOnlyList<int> Parse(string text)
    {
        var ids = new SortedSet<int>();
        foreach (var part in text.Trim().Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var range = part.Split('-');
            if (range.Length > 2 || !int.TryParse(range[0], NumberStyles.None, CultureInfo.InvariantCulture, out var first))
            {
                throw new FormatException($"'{text.Trim()}' is not a CPU list like 0-3,8.");
            }

            var last = first;
            if (range.Length == 2 && (!int.TryParse(range[1], NumberStyles.None, CultureInfo.InvariantCulture, out last) || last < first))
            {
                throw new FormatException($"'{text.Trim()}' is not a CPU list like 0-3,8.");
            }

            for (var id = first; id <= last; id++)
            {
                ids.Add(id);
            }
        }

        return [.. ids];
    }

    /// <summary>Formats ids back to the compact form (0-3,8).</summary>
    public static string Format(IEnumerable<int> cpuIds)
    {
        var ids = cpuIds.Distinct().Order().ToArray();
        var parts = new List<string>();
        for (var i = 0; i < ids.Length;)
        {
            var j = i;
            while (j + 1 < ids.Length && ids[j + 1] == ids[j] + 1)
            {
                j++;
            }

            parts.Add(i == j ? ids[i].ToString(CultureInfo.InvariantCulture) : $"{ids[i]}-{ids[j]}");
            i = j + 1;
        }

        return string.Join(',', parts);
    }

    /// <summary>The CPUs a process may run on, from the text of <c>/proc/&lt;pid&gt;/status</c> (its Cpus_allowed_list line).</summary>
    public static IReadOnlyList<int> FromProcessStatus(string statusText)
    {
        foreach (var line in statusText.Split('\n'))
        {
            if (line.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))
            {
                return Parse(line["Cpus_allowed_list:".Length..]);
            }
        }

        throw new FormatException("the process status has no Cpus_allowed_list line.");
    }
}
