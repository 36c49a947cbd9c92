using System.Globalization;

namespace DvdStore.Monitoring.Proc;

/// <summary>Parses the text of <c>/proc/stat</c>.</summary>
public static class ProcStatParser
{
    public static ProcStat Parse(string text)
    {
        CpuTimes? total = null;
        var perCpu = new Dictionary<int, CpuTimes>();
        var running = 0;
        var blocked = 0;
        foreach (var fields in ProcFields.Lines(text))
        {
            var key = fields[0];
            if (key == "cpu")
            {
                total = Times(fields);
            }
            else if (key.StartsWith("cpu", StringComparison.Ordinal)
                && int.TryParse(key.AsSpan(3), NumberStyles.None, CultureInfo.InvariantCulture, out var id))
            {
                perCpu[id] = Times(fields);
            }
            else if (key == "procs_running" && fields.Length > 1)
            {
                running = ParseInt(fields[1]);
            }
            else if (key == "procs_blocked" && fields.Length > 1)
            {
                blocked = ParseInt(fields[1]);
            }
        }

        if (total is null)
        {
            throw new FormatException("/proc/stat has no aggregate 'cpu' line.");
        }

        return new ProcStat(total, perCpu, running, blocked);
    }

    // Kernels before 2.6.11 lack steal and older ones lack iowait/irq: absent columns count as 0.
    private static CpuTimes Times(string[] fields)
    {
        long At(int i) => i < fields.Length ? long.Parse(fields[i], NumberStyles.None, CultureInfo.InvariantCulture) : 0;
        return new CpuTimes(At(1), At(2), At(3), At(4), At(5), At(6), At(7), At(8));
    }

    private static int ParseInt(string value) => int.Parse(value, NumberStyles.None, CultureInfo.InvariantCulture);
}
