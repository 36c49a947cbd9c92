using System.Globalization;

namespace DvdStore.Monitoring.Proc;

/// <summary>Parses <c>/proc/loadavg</c>, e.g. "2.06 1.26 0.61 5/198 9728".</summary>
public static class LoadAverageParser
{
    public static LoadAverage Parse(string text)
    {
        var fields = text.Split([' ', '\n', '\t'], StringSplitOptions.RemoveEmptyEntries);
        if (fields.Length < 4 || fields[3].Split('/') is not [var runnable, var tasks])
        {
            throw new FormatException($"/proc/loadavg is not 'l1 l5 l15 runnable/tasks last-pid': '{text.Trim()}'.");
        }

        return new LoadAverage(
            double.Parse(fields[0], CultureInfo.InvariantCulture),
            double.Parse(fields[1], CultureInfo.InvariantCulture),
            double.Parse(fields[2], CultureInfo.InvariantCulture),
            int.Parse(runnable, CultureInfo.InvariantCulture),
            int.Parse(tasks, CultureInfo.InvariantCulture));
    }
}
