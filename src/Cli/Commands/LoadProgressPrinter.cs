using System.Globalization;
using DvdStore.Loader.Pipeline;

namespace DvdStore.Cli.Commands;

/// <summary>
/// A load's progress as plain lines, for redirected output and logs (a terminal gets <see cref="LoadProgressBars"/>):
/// a table's progress at most every few seconds, and each finished table and step. Called from several loader threads at once.
/// </summary>
public sealed class LoadProgressPrinter(TextWriter output) : IProgress<LoadProgress>
{
    private static readonly TimeSpan PlainEvery = TimeSpan.FromSeconds(5);
    private readonly Dictionary<string, TimeSpan> _lastPlain = new(StringComparer.Ordinal);

    public void Report(LoadProgress value)
    {
        lock (_lastPlain)
        {
            if (value.Table is null)
            {
                if (value.Done)
                {
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"step {value.Step,-16} done in {value.Elapsed.TotalSeconds:F1}s"));
                }

                return;
            }

            if (value.Done)
            {
                output.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"  {value.Table,-20} {value.Rows,12:N0} rows in {value.Elapsed.TotalSeconds,6:F1}s ({value.RowsPerSecond,10:N0} rows/s, {value.MegabytesPerSecond,6:F1} MB/s)"));
                return;
            }

            if (!_lastPlain.TryGetValue(value.Table, out var last) || value.Elapsed - last >= PlainEvery)
            {
                _lastPlain[value.Table] = value.Elapsed;
                output.WriteLine("  " + Describe(value));
            }
        }
    }

    private static string Describe(LoadProgress p)
    {
        var percent = p.ExpectedRows > 0 ? Math.Min(100, 100.0 * p.Rows / p.ExpectedRows) : 0;
        var eta = p.Remaining is { } left ? left.ToString(left.TotalHours >= 1 ? @"h\:mm\:ss" : @"m\:ss", CultureInfo.InvariantCulture) : "?";
        return string.Create(CultureInfo.InvariantCulture, $"{p.Table} {p.Rows:N0} ({percent:F0}%) {p.MegabytesPerSecond:F1} MB/s ETA {eta}");
    }
}
