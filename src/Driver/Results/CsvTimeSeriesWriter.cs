using System.Globalization;
using System.Text;
using DvdStore.Schema.Files;

namespace DvdStore.Driver.Results;

/// <summary>
/// Writes the interval time series as plain CSV (one header, one row per interval, ISO timestamps, a
/// measured flag), atomically. Unlike DS3's CSV every column is separate and unambiguous.
/// </summary>
public static class CsvTimeSeriesWriter
{
    public const string Header =
        "timestamp_utc,since_start_s,elapsed_s,measured,users,orders,total_orders,opm,interval_opm,rollbacks,p50_ms,p95_ms,p99_ms,max_ms,client_cpu_pct,sched_lag_ms,server_cpu_pct,server_iops,engine_tpm";

    public static Task WriteAsync(IReadOnlyList<IntervalSample> intervals, string path, CancellationToken cancellationToken) =>
        AtomicFile.WriteAsync(
            path,
            async stream =>
            {
                await using var writer = new StreamWriter(stream, new UTF8Encoding(false), 65536, leaveOpen: true);
                await writer.WriteAsync(Render(intervals).AsMemory(), cancellationToken).ConfigureAwait(false);
            },
            cancellationToken);

    public static string Render(IReadOnlyList<IntervalSample> intervals)
    {
        var text = new StringBuilder();
        text.Append(Header).Append('\n');
        foreach (var s in intervals)
        {
            text.Append(CultureInfo.InvariantCulture, $"{s.TimestampUtc.UtcDateTime:yyyy-MM-ddTHH:mm:ss.fffZ},{s.SinceStartSeconds:0.###},{s.ElapsedSeconds:0.###},{(s.Measured ? 1 : 0)},{s.Users},{s.Orders},{s.TotalOrders},{s.Opm},{s.IntervalOpm:0.#},{s.Rollbacks},")
                .Append(CultureInfo.InvariantCulture, $"{s.P50Ms:0.###},{s.P95Ms:0.###},{s.P99Ms:0.###},{s.MaxMs:0.###},{s.ClientCpuPercent:0.#},{s.SchedulingLagMs:0.###},")
                .Append(CultureInfo.InvariantCulture, $"{s.Server?.CpuPercent:0.#},{s.Server?.Iops:0.#},{s.Server?.EngineTpm:0.#}\n");
        }

        return text.ToString();
    }
}
