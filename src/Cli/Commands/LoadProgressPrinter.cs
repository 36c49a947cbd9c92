using System.Globalization;
using DvdStore.Loader.Pipeline;

namespace DvdStore.Cli.Commands;

/// <summary>
/// Shows a load's progress: on a terminal one status line rewritten in place (rows, MB/s and ETA of each table in
/// flight); when redirected, plain lines (a table's progress at most every few seconds, and each finished table and step).
/// Called from several loader threads at once.
/// </summary>
public sealed class LoadProgressPrinter(TextWriter output, bool terminal) : IProgress<LoadProgress>
{
    private static readonly TimeSpan PlainEvery = TimeSpan.FromSeconds(5);
    private readonly Dictionary<string, LoadProgress> _running = new(StringComparer.Ordinal);
    private readonly Dictionary<string, TimeSpan> _lastPlain = new(StringComparer.Ordinal);
    private int _statusLength;

    public void Report(LoadProgress value)
    {
        lock (_running)
        {
            if (value.Table is null)
            {
                if (value.Done)
                {
                    Line(string.Create(CultureInfo.InvariantCulture, $"step {value.Step,-16} done in {value.Elapsed.TotalSeconds:F1}s"));
                }

                return;
            }

            if (value.Done)
            {
                _running.Remove(value.Table);
                Line(string.Create(CultureInfo.InvariantCulture,
                    $"  {value.Table,-20} {value.Rows,12:N0} rows in {value.Elapsed.TotalSeconds,6:F1}s ({value.RowsPerSecond,10:N0} rows/s, {value.MegabytesPerSecond,6:F1} MB/s)"));
                return;
            }

            _running[value.Table] = value;
            if (terminal)
            {
                Status(string.Join(" | ", _running.Values.Select(Describe)));
            }
            else if (!_lastPlain.TryGetValue(value.Table, out var last) || value.Elapsed - last >= PlainEvery)
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

    private void Line(string text)
    {
        if (terminal && _statusLength > 0)
        {
            output.Write("\r" + new string(' ', _statusLength) + "\r");
            _statusLength = 0;
        }

        output.WriteLine(text);
    }

    private void Status(string text)
    {
        var pad = Math.Max(0, _statusLength - text.Length);
        output.Write("\r" + text + new string(' ', pad));
        output.Flush();
        _statusLength = text.Length;
    }
}
