using System.Diagnostics;
using DvdStore.Driver.Environment;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using DvdStore.Monitoring;

namespace DvdStore.Driver.Running;

/// <summary>What the measurement loop saw, from the common start to the moment every user stopped.</summary>
public sealed record Measurement
{
    public required DateTimeOffset StartUtc { get; init; }

    public required DateTimeOffset EndUtc { get; init; }

    /// <summary>The measured window's start: the statistics reset after the warm-up (the start without one).</summary>
    public required DateTimeOffset MeasuredFromUtc { get; init; }

    /// <summary>The measured window's figures.</summary>
    public required PhaseSummary Summary { get; init; }

    /// <summary>Counters since the start, warm-up included.</summary>
    public required CounterTotals SinceStart { get; init; }

    public required IReadOnlyList<IntervalSample> Intervals { get; init; }

    public required IReadOnlyList<string> Ds3CsvRows { get; init; }

    public required double MeanMeasuredCpu { get; init; }

    public required double PeakCpuPercent { get; init; }

    public required double PeakLagMs { get; init; }

    /// <summary>The driver's whole machine over the measured phase (busy, stolen, run queue); null when not measured.</summary>
    public HostLoad? Host { get; init; }

    public required ProcessMemory MemoryAtStart { get; init; }

    public required ProcessMemory MemoryAtEnd { get; init; }

    public required ServerMetricsSummary ServerMetrics { get; init; }

    /// <summary>A rate run's schedule and latencies over the measured window (null for the closed loop).</summary>
    public OpenLoopSummary? OpenLoop { get; init; }

    /// <summary>The database's orders read at the window's edges (null when the run makes no window cross-check).</summary>
    public WindowReading? Window { get; init; }
}

/// <summary>
/// The controller's clock (docs/ds3-compatibility.md, "A driver run"): starts the users, logs every log_freq seconds, resets the statistics
/// after the warm-up, and ends after the run time or when the run is stopped; then stops the users and the
/// server recorder and hands back what it measured.
/// </summary>
public sealed class MeasurementLoop(RunSettings settings, RunMetrics metrics, UserSupervisor supervisor, ServerMetricsRecorder recorder, ClientContext client, LiveOutput live, TextWriter output)
{
    /// <summary>Told each interval as it is recorded (live metrics); null = nobody.</summary>
    public Action<IntervalSample>? IntervalObserver { get; init; }

    /// <summary>Called after every log interval with the intervals so far and the start: the result's checkpoint.</summary>
    public Func<IReadOnlyList<IntervalSample>, DateTimeOffset, Task>? AfterInterval { get; init; }

    /// <summary>A rate run's schedule and latencies (null for the closed loop).</summary>
    public RatePacing? Pacing { get; init; }

    /// <summary>Reads the database's orders at the window's edges (null: no window cross-check).</summary>
    public WindowProbe? Window { get; init; }

    public async Task<Measurement> RunAsync(CancellationToken cancellationToken)
    {
        await recorder.StartAsync(cancellationToken).ConfigureAwait(false);
        var frequency = Stopwatch.Frequency;
        var startUtc = DateTimeOffset.UtcNow;
        var start = Stopwatch.GetTimestamp();
        var warmupTicks = (long)(settings.Warmup.TotalSeconds * frequency);
        metrics.Start(start, warmup: warmupTicks > 0);
        var logTicks = settings.LogFrequencySeconds * frequency;
        long? runTicks = settings.RunTime is { } run ? (long)(run.TotalSeconds * frequency) : null;
        long? runEnd = start + warmupTicks + runTicks;
        long? warmupEnd = warmupTicks > 0 ? start + warmupTicks : null;

        var memoryAtStart = ProcessMemory.Measure();
        Pacing?.Start(start);
        supervisor.Start(cancellationToken);
        var monitor = new ClientLoadMonitor(client.AffinityCpuCount);
        var log = new IntervalLog(settings, metrics, monitor, recorder, supervisor, live, output, start, startUtc) { IntervalObserver = IntervalObserver, Pacing = Pacing };
        var measuredFromUtc = startUtc;
        var windowStart = warmupEnd is null ? Window?.AtRunStart() : null;
        Task<WindowEdge>? windowEnd = null;
        var nextLog = start + logTicks;
        long now;
        var stopped = false;
        while (true)
        {
            var next = Math.Min(nextLog, Math.Min(warmupEnd ?? long.MaxValue, runEnd ?? long.MaxValue));
            if (!await WaitUntilAsync(next, supervisor.StopToken).ConfigureAwait(false))
            {
                now = Stopwatch.GetTimestamp();
                stopped = true;
                break;
            }

            now = Stopwatch.GetTimestamp();
            var warmupEnds = warmupEnd is { } w && now >= w;
            var windowEnds = !warmupEnds && runEnd is { } e && now >= e;
            if (now < nextLog && !warmupEnds && !windowEnds)
            {
                continue;
            }

            // An edge of the window is this one reading: the counters, latencies and schedule, then at once the reset and
            // the database's count; the line, the checkpoint and anything slow come after, outside the window's arithmetic.
            var taken = log.Take(now, windowEdge: warmupEnds || windowEnds);
            if (warmupEnds)
            {
                Pacing?.ResetPhase(now);
                metrics.ResetPhase(now);
                windowStart = Window?.ProbeAsync(cancellationToken);

                // The measured window is the full run time from the actual reset, even when this loop woke late.
                runEnd = now + runTicks;
                measuredFromUtc = log.UtcAt(now);
                warmupEnd = null;
                nextLog = now + logTicks;
            }
            else
            {
                nextLog = now >= nextLog ? nextLog + logTicks : nextLog;
            }

            if (windowEnds)
            {
                windowEnd = Window?.ProbeAsync(cancellationToken);
            }

            await log.WriteAsync(taken).ConfigureAwait(false);
            if (warmupEnds)
            {
                await output.WriteLineAsync("Stats reset").ConfigureAwait(false);
            }

            if (AfterInterval is { } checkpoint)
            {
                await checkpoint(log.Intervals, startUtc).ConfigureAwait(false);
            }

            if (windowEnds)
            {
                break;
            }
        }

        // Stopped early: the closing partial interval is the window's edge (a stop within 50 ms of the last line ends the
        // window at that line), and the database is counted there too.
        if (stopped)
        {
            if (RunMetrics.Seconds(now - log.LastIntervalAt) >= 0.05)
            {
                var closing = log.Take(now, windowEdge: true);
                windowEnd = metrics.Measuring ? Window?.ProbeAsync(CancellationToken.None) : null;
                await log.WriteAsync(closing).ConfigureAwait(false);
            }
            else
            {
                windowEnd = metrics.Measuring ? Window?.ProbeAsync(CancellationToken.None) : null;
            }
        }

        var edge = log.LastIntervalAt;
        Pacing?.CloseWindow(edge);
        var summary = metrics.Summarize(edge);
        var openLoop = Pacing?.Summarize(summary);
        var endUtc = log.UtcAt(edge);
        await supervisor.StopAsync().ConfigureAwait(false);
        var memoryAtEnd = ProcessMemory.Measure();
        await monitor.DisposeAsync().ConfigureAwait(false);
        await recorder.StopAsync(cancellationToken).ConfigureAwait(false);
        return new Measurement
        {
            StartUtc = startUtc,
            EndUtc = endUtc,
            MeasuredFromUtc = measuredFromUtc,
            Summary = summary,
            SinceStart = metrics.ReadCounters()[0],
            Intervals = log.Intervals,
            Ds3CsvRows = log.Ds3CsvRows,
            MeanMeasuredCpu = log.MeanMeasuredCpu,
            PeakCpuPercent = monitor.PeakCpuPercent,
            PeakLagMs = monitor.PeakLagMs,
            Host = monitor.MeasuredHost,
            MemoryAtStart = memoryAtStart,
            MemoryAtEnd = memoryAtEnd,
            ServerMetrics = recorder.Summarize(measuredFromUtc, endUtc, startUtc),
            OpenLoop = openLoop,
            Window = Window is null ? null : await WindowReading.ReadAsync(windowStart, windowEnd).ConfigureAwait(false),
        };
    }

    /// <summary>Waits until the Stopwatch timestamp <paramref name="next"/>; false when the run was stopped first.</summary>
    private static async Task<bool> WaitUntilAsync(long next, CancellationToken stop)
    {
        var wait = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), next);
        try
        {
            if (wait > TimeSpan.Zero)
            {
                // Task.Delay takes at most ~24 days; the loop comes back and waits again when the time is not yet reached.
                await Task.Delay(wait < TimeSpan.FromDays(1) ? wait : TimeSpan.FromDays(1), stop).ConfigureAwait(false);
            }

            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }
}
