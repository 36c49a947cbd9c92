using System.Diagnostics;
using System.Globalization;
using DvdStore.Schema.Connections;

namespace DvdStore.Monitoring;

/// <summary>
/// Samples the server the way a run does, without a run (<c>dvdstore server-metrics</c>): to check the setup before a
/// long run (SSH key, data directory, counter permissions) and to measure what sampling costs the client.
/// </summary>
public static class ServerMetricsProbe
{
    /// <summary>Takes <paramref name="samples"/> samples <paramref name="period"/> apart, printing one line each unless <paramref name="quiet"/>, then the average and the sampling cost.</summary>
    public static async Task RunAsync(StoreTarget target, ServerMetricsOptions options, TimeSpan period, int samples, bool quiet, TextWriter output, CancellationToken cancellationToken)
    {
        // A database it cannot reach is refused (one line from OpenAsync), not sampled: the host figures alone would
        // be this machine's whenever the host resolves to "local", printed as if they were the server's.
        await (await target.OpenExistingAsync(cancellationToken).ConfigureAwait(false)).DisposeAsync().ConfigureAwait(false);
        await using var recorder = ServerMetricsRecorder.Create(options, target.Engine.Kind, target.OpenAsync, period);
        await output.WriteLineAsync(recorder.Describe()).ConfigureAwait(false);

        await recorder.StartAsync(cancellationToken).ConfigureAwait(false);
        var process = Process.GetCurrentProcess();
        var cpuBefore = process.TotalProcessorTime;
        var started = Stopwatch.GetTimestamp();
        var from = DateTimeOffset.UtcNow;
        var first = from;
        for (var k = 1; k <= samples; k++)
        {
            var wait = period * k - Stopwatch.GetElapsedTime(started);
            if (wait > TimeSpan.Zero)
            {
                await Task.Delay(wait, cancellationToken).ConfigureAwait(false);
            }

            var to = DateTimeOffset.UtcNow;
            var figures = recorder.ForInterval(from, to);
            from = to;
            foreach (var warning in recorder.TakeWarnings())
            {
                await output.WriteLineAsync($"warning: {warning}").ConfigureAwait(false);
            }

            if (!quiet)
            {
                await output.WriteLineAsync(Line(to, figures)).ConfigureAwait(false);
            }
        }

        await recorder.StopAsync(cancellationToken).ConfigureAwait(false);
        process.Refresh();
        var cpu = process.TotalProcessorTime - cpuBefore;
        var wall = Stopwatch.GetElapsedTime(started);
        var taken = recorder.Samples.Count;
        var summary = recorder.Summarize(first, DateTimeOffset.UtcNow);
        foreach (var warning in recorder.TakeWarnings())
        {
            await output.WriteLineAsync($"warning: {warning}").ConfigureAwait(false);
        }

        await output.WriteLineAsync($"average: {summary.SummaryLine ?? "nothing measured"}").ConfigureAwait(false);
        var perSample = taken > 0 ? cpu.TotalMilliseconds / taken : 0;
        await output.WriteLineAsync(string.Create(
            CultureInfo.InvariantCulture,
            $"sampling cost: {taken} samples in {wall.TotalSeconds:0.0} s used {cpu.TotalMilliseconds:0} ms of client CPU = {perSample:0.00} ms per sample; " +
            $"{100 * cpu.TotalSeconds / wall.TotalSeconds:0.000}% of one core at this interval, {perSample / 10:0.000}% at 1 s, {perSample / 100:0.0000}% at 10 s")).ConfigureAwait(false);
    }

    private static string Line(DateTimeOffset at, ServerIntervalMetrics? figures)
    {
        if (figures is null)
        {
            return $"{at.UtcDateTime:HH:mm:ss.f} (no sample yet)";
        }

        // A piece for each figure measured; the others are left out.
        var latency = figures.DiskLatencyMs is { } ms ? F($"{ms:0.00} ms") : "-";
        string?[] parts =
        [
            figures.CpuPercent is { } cpu ? F($"cpu {cpu:0.0}% (usr {figures.UserPercent:0.0} sys {figures.SystemPercent:0.0} iowait {figures.IoWaitPercent:0.0} steal {figures.StealPercent:0.0}) runq {figures.RunQueue:0}") : null,
            figures.CpuSetPercent is { } set ? F($"cpuset {set:0.0}%") : null,
            figures.MemoryUsedMb is { } memory ? F($"mem {memory:0} MB") : null,
            figures.Iops is { } iops ? F($"disk r/s {figures.ReadsPerSecond:0.0} w/s {figures.WritesPerSecond:0.0} iops {iops:0.0} {figures.DiskMBPerSecond:0.00} MB/s lat {latency}") : null,
            figures.EngineTpm is { } tpm ? F($"engine commits {figures.EngineCommits} rollbacks {figures.EngineRollbacks} tpm {tpm:0}") : null,
        ];
        return $"{at.UtcDateTime:HH:mm:ss.f} {string.Join("  ", parts.OfType<string>())}";
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
