using System.Data.Common;
using System.Diagnostics;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>
/// Samples the server in the background for the length of a run, so the driver's reporter never waits on a slow
/// host or engine: <see cref="StartAsync"/> at the common start, <see cref="ForInterval"/> at each log line,
/// <see cref="StopAsync"/> at the end, then <see cref="Summarize"/> for the measured window.
/// Samples are taken every interval a little ahead of the driver's ticks (<see cref="Lead"/>), so the sample of an
/// interval is usually complete when the driver writes that interval's line. A sample belongs to the driver interval
/// that holds its midpoint: every sample counts in exactly one interval, even when the two clocks drift apart.
/// </summary>
public sealed class ServerMetricsRecorder : IAsyncDisposable
{
    private readonly ServerMetricsSampler sampler;
    private readonly WaitSampler? waits;
    private readonly TimeSpan interval;
    private readonly List<ServerSample> samples = [];
    private readonly List<string> warnings = [];
    private readonly Queue<string> unread = new();
    private readonly SemaphoreSlim oneAtATime = new(1, 1);
    private CancellationTokenSource? stopping;
    private Task? loop;

    /// <param name="interval">Time between samples; use the driver's log interval.</param>
    /// <param name="waits">Wait sampling of the store's sessions, made with <see cref="Warn"/> as its warning sink; null for none.</param>
    public ServerMetricsRecorder(ServerMetricsSampler sampler, TimeSpan interval, Func<Action<string>, WaitSampler?>? waits = null)
    {
        if (interval <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(interval), interval, "the sampling interval must be positive");
        }

        this.sampler = sampler;
        this.interval = interval;
        this.waits = waits?.Invoke(Warn);
        Lead = TimeSpan.FromTicks(Math.Min(interval.Ticks / 10, TimeSpan.FromMilliseconds(500).Ticks));
    }

    /// <summary>How long before each driver tick a sample is taken (a tenth of the interval, at most 0.5 s).</summary>
    public TimeSpan Lead { get; }

    /// <summary>
    /// The recorder a run asks for: host metrics per <paramref name="options"/>, engine counters on a connection of its
    /// own from <paramref name="openConnection"/> (e.g. <c>target.OpenAsync</c>), one sample per <paramref name="interval"/>,
    /// and the store's waits <see cref="ServerMetricsOptions.WaitsPerSecond"/> times a second on another connection.
    /// </summary>
    public static ServerMetricsRecorder Create(
        ServerMetricsOptions options, EngineKind engineKind, Func<CancellationToken, Task<DbConnection>> openConnection, TimeSpan interval) =>
        new(
            ServerMetricsSampler.Create(options, engineKind, openConnection),
            interval,
            warn => WaitSampler.Create(engineKind, openConnection, options.WaitsPerSecond, warn));

    /// <summary>What is measured, for the run's opening lines.</summary>
    public string Describe() => waits is null ? sampler.Describe() : sampler.Describe() + ", " + waits.Describe();

    /// <summary>The newest sample (for the live line: <c>Latest?.LiveText()</c>); null before the first interval ends.</summary>
    public ServerSample? Latest
    {
        get
        {
            lock (samples)
            {
                return samples.Count > 0 ? samples[^1] : null;
            }
        }
    }

    /// <summary>Every interval sample so far, oldest first (the baseline is not one).</summary>
    public IReadOnlyList<ServerSample> Samples
    {
        get
        {
            lock (samples)
            {
                return samples.ToArray();
            }
        }
    }

    /// <summary>
    /// Starts sampling in the background and returns at once: the baseline (the start of the first interval) is read
    /// first, so a host that is slow to answer (an SSH connect timeout) never delays the run.
    /// </summary>
    /// <param name="cancellationToken">The run's token: cancelling it ends sampling at once.</param>
    public Task StartAsync(CancellationToken cancellationToken)
    {
        if (loop is not null)
        {
            throw new InvalidOperationException("the recorder is already started");
        }

        var start = Stopwatch.GetTimestamp();
        stopping = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        loop = Task.Run(() => RunAsync(start, stopping.Token, cancellationToken), CancellationToken.None);
        waits?.Start(cancellationToken);
        return Task.CompletedTask;
    }

    /// <summary>
    /// Ends background sampling (a sample in progress completes) and takes a last sample, so the run's tail is covered.
    /// </summary>
    public async Task StopAsync(CancellationToken cancellationToken)
    {
        if (loop is null || stopping is null)
        {
            return;
        }

        await stopping.CancelAsync().ConfigureAwait(false);
        await loop.ConfigureAwait(false);
        loop = null;
        if (waits is not null)
        {
            await waits.StopAsync().ConfigureAwait(false);
        }

        if (!cancellationToken.IsCancellationRequested)
        {
            await TakeAsync(record: true, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Warnings not yet taken, each said once (print them as warning lines).</summary>
    public IReadOnlyList<string> TakeWarnings()
    {
        lock (samples)
        {
            var taken = unread.ToArray();
            unread.Clear();
            return taken;
        }
    }

    /// <summary>
    /// The server's figures for one driver interval (from the previous log line's time to this one's), for
    /// <see cref="IntervalSample.Server"/>; null when no sample fell in it (metrics off, or a read that failed or is late).
    /// </summary>
    public ServerIntervalMetrics? ForInterval(DateTimeOffset from, DateTimeOffset to)
    {
        var within = Within(Samples, from, to);
        var waited = waits?.For(from, to);
        return within.Count == 0 && waited is null ? null : ServerAverages.Of(within).Figures with { Waits = waited };
    }

    /// <summary>The averages of the measured window, for a run result's serverMetrics; call after <see cref="StopAsync"/>.</summary>
    /// <param name="runFrom">The run's common start, for <see cref="ServerMetricsSummary.RunEngineCommits"/> (every sample since, the last one included); null = not given.</param>
    public ServerMetricsSummary Summarize(DateTimeOffset measuredFrom, DateTimeOffset to, DateTimeOffset? runFrom = null)
    {
        var averages = ServerAverages.Of(Within(Samples, measuredFrom, to));
        var runCommits = runFrom is { } from ? ServerAverages.Of(Within(Samples, from, DateTimeOffset.MaxValue)).Figures.EngineCommits : null;
        lock (samples)
        {
            return new ServerMetricsSummary
            {
                Source = Describe(),
                HostSeconds = averages.HostSeconds,
                EngineSeconds = averages.EngineSeconds,
                // The server's CPU set is a fact of the run, not a measurement: a window too short (or a machine too
                // slow) to hold a sample's midpoint still names it, from any sample of the run.
                CpuSet = averages.CpuSet ?? ServerAverages.Of(Samples).CpuSet,
                DiskDevice = averages.DiskDevice,
                Average = averages.Figures with { Waits = waits?.For(measuredFrom, to) },
                RunEngineCommits = runCommits,
                SummaryLine = averages.SummaryLine(),
                Warnings = warnings.ToArray(),
            };
        }
    }

    /// <summary>The samples whose midpoint lies in (<paramref name="from"/>, <paramref name="to"/>].</summary>
    public static IReadOnlyList<ServerSample> Within(IEnumerable<ServerSample> samples, DateTimeOffset from, DateTimeOffset to) =>
        samples.Where(s => s.IntervalSeconds > 0)
            .Where(s => s.TimestampUtc.AddSeconds(-s.IntervalSeconds / 2) is var middle && middle > from && middle <= to)
            .ToList();

    public async ValueTask DisposeAsync()
    {
        if (stopping is not null)
        {
            await stopping.CancelAsync().ConfigureAwait(false);
        }

        if (loop is not null)
        {
            await loop.ConfigureAwait(false);
        }

        stopping?.Dispose();
        oneAtATime.Dispose();
        await sampler.DisposeAsync().ConfigureAwait(false);
        if (waits is not null)
        {
            await waits.DisposeAsync().ConfigureAwait(false);
        }
    }

    private static readonly TimeSpan MaxWait = TimeSpan.FromDays(1);

    private async Task RunAsync(long start, CancellationToken stop, CancellationToken run)
    {
        var next = 1L;
        try
        {
            await TakeAsync(record: false, run).ConfigureAwait(false);
            while (!stop.IsCancellationRequested)
            {
                var due = interval * next - Lead;
                var wait = due - Stopwatch.GetElapsedTime(start);
                if (wait > TimeSpan.Zero)
                {
                    // Task.Delay takes at most ~24 days: a longer log interval waits in day-long steps.
                    await Task.Delay(wait < MaxWait ? wait : MaxWait, stop).ConfigureAwait(false);
                    if (wait > MaxWait)
                    {
                        continue;
                    }
                }

                // Only waiting is cut short by a stop: a read in progress finishes, so an SSH session is never left mid-answer.
                await TakeAsync(record: true, run).ConfigureAwait(false);

                // A slow read (a host timing out) skips the ticks it overran instead of sampling back to back.
                var elapsed = Stopwatch.GetElapsedTime(start) + Lead;
                next = Math.Max(next + 1, (long)(elapsed / interval) + 1);
            }
        }
        catch (OperationCanceledException) when (stop.IsCancellationRequested || run.IsCancellationRequested)
        {
            // The stop token is linked to the run's, but a read cancelled by the run can end before the link fires.
        }
    }

    private async Task TakeAsync(bool record, CancellationToken cancellationToken)
    {
        await oneAtATime.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var sample = await sampler.SampleAsync(cancellationToken).ConfigureAwait(false);
            lock (samples)
            {
                if (record && sample.IntervalSeconds > 0)
                {
                    samples.Add(sample);
                }

                foreach (var warning in sample.Warnings)
                {
                    warnings.Add(warning);
                    unread.Enqueue(warning);
                }
            }
        }
        finally
        {
            oneAtATime.Release();
        }
    }

    /// <summary>A warning from the wait sampler (which says each once), kept and queued as the sampler's are.</summary>
    private void Warn(string warning)
    {
        lock (samples)
        {
            warnings.Add(warning);
            unread.Enqueue(warning);
        }
    }
}
