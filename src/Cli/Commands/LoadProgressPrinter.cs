using System.Globalization;
using DvdStore.Loader.Pipeline;
using DvdStore.Schema.Engines;

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
                else if (value.Elapsed > TimeSpan.Zero)
                {
                    // A heartbeat: one long statement (an index, a foreign key, statistics) is still at work, and what
                    // the server says it is doing, where it tells.
                    output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"step {value.Step,-16} still running ({value.Elapsed.TotalSeconds:F0}s)")
                        + (value.Statements.Count > 0 ? ": " + StatementProgress.DescribeAll(value.Statements) : ""));
                }

                return;
            }

            if (value.Done)
            {
                output.WriteLine(value.Bytes > 0
                    ? string.Create(CultureInfo.InvariantCulture, $"  {value.Table,-20} {value.Rows,12:N0} rows in {value.Elapsed.TotalSeconds,6:F1}s ({value.RowsPerSecond,10:N0} rows/s, {value.MegabytesPerSecond,6:F1} MB/s)")
                    : string.Create(CultureInfo.InvariantCulture, $"  {value.Table,-20} {value.Rows,12:N0} in {value.Elapsed.TotalSeconds,6:F1}s ({value.RowsPerSecond,10:N0}/s)"));
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
        // Steps that write nothing (keys, fingerprint, verify) show their own rate: rows, or statements, a second.
        var rate = p.Bytes > 0 ? string.Create(CultureInfo.InvariantCulture, $"{p.MegabytesPerSecond:F1} MB/s") : string.Create(CultureInfo.InvariantCulture, $"{p.RowsPerSecond:N0}/s");
        return string.Create(CultureInfo.InvariantCulture, $"{p.Table} {p.Rows:N0} of {p.ExpectedRows:N0} ({percent:F0}%) {rate} ETA {eta}");
    }
}
