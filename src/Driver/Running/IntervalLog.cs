using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using DvdStore.Monitoring;
using HdrHistogram;

namespace DvdStore.Driver.Running;

/// <summary>
/// One line every log interval: takes the interval's figures, prints the live line(s), and keeps the interval for
/// the result's time series and DS3's CSV file.
/// </summary>
public sealed class IntervalLog(RunSettings settings, RunMetrics metrics, ClientLoadMonitor monitor, ServerMetricsRecorder recorder, UserSupervisor supervisor, LiveOutput live, TextWriter output, long start, DateTimeOffset startUtc)
{
    private readonly long start = start;
    private readonly DateTimeOffset startUtc = startUtc;
    private readonly List<IntervalSample> intervals = [];
    private readonly List<string> ds3Csv = [];
    private readonly List<double> measuredCpu = [];
    private DateTimeOffset lastLineUtc = startUtc;
    private long reconnectsSoFar;


    public IReadOnlyList<IntervalSample> Intervals => intervals;

    /// <summary>Told each interval as it is recorded (live metrics); null = nobody.</summary>
    public Action<IntervalSample>? IntervalObserver { get; init; }

    public IReadOnlyList<string> Ds3CsvRows => ds3Csv;

    /// <summary>A rate run's schedule and latencies (null for the closed loop).</summary>
    public RatePacing? Pacing { get; init; }

    /// <summary>The driver's mean CPU use over the measured intervals (0 before the first one).</summary>
    public double MeanMeasuredCpu => measuredCpu.Count == 0 ? 0 : measuredCpu.Average();

    /// <summary>When the last interval was taken (Stopwatch ticks).</summary>
    public long LastIntervalAt { get; private set; } = start;

    public DateTimeOffset UtcAt(long ticks) => startUtc + TimeSpan.FromSeconds(RunMetrics.Seconds(ticks - start));

    /// <summary>
    /// Reads the interval ending at <paramref name="now"/>: the schedule, the latencies and the counters, nothing else,
    /// so a window edge is one instant (<see cref="RunMetrics"/>); <see cref="WriteAsync"/> does the slow part after.
    /// </summary>
    public TakenInterval Take(long now, bool windowEdge = false)
    {
        // The latencies first, then the counters (read first thing): an order ending in between is counted in the next interval by both.
        var paced = Pacing?.TakeInterval(now, metrics.Measuring);
        var report = metrics.TakeInterval(now, windowEdge);
        LastIntervalAt = now;
        return new TakenInterval(now, report, paced);
    }

    /// <summary>Takes the interval ending at <paramref name="now"/> and writes it at once.</summary>
    public Task RecordAsync(long now) => WriteAsync(Take(now));

    /// <summary>Prints the taken interval's line(s) and keeps it for the result's time series and DS3's CSV file.</summary>
    public async Task WriteAsync(TakenInterval taken)
    {
        var (now, report, paced) = taken;
        var load = monitor.Sample(report.Measured);
        if (report.Measured)
        {
            measuredCpu.Add(load.CpuPercent);
        }

        var utc = UtcAt(now);
        var server = recorder.ForInterval(lastLineUtc, utc);
        var memory = settings.MemoryCheck ? ProcessMemory.Measure() : new ProcessMemory(ProcessMemory.ResidentBytes(), 0);
        lastLineUtc = utc;
        var reconnects = metrics.ReadCounters()[0].Reconnects;
        var intervalReconnects = reconnects - reconnectsSoFar;
        reconnectsSoFar = reconnects;
        foreach (var line in live.Interval(utc, report, load.CpuPercent, supervisor.Running, settings.DetailedView, settings.Names, ServerLiveText.For(server)))
        {
            await output.WriteLineAsync(line).ConfigureAwait(false);
        }

        if (live.Format != OutputFormat.Ds3)
        {
            foreach (var warning in recorder.TakeWarnings())
            {
                await output.WriteLineAsync("warning: " + warning).ConfigureAwait(false);
            }
        }

        ds3Csv.Add(live.Ds3CsvRow(utc, report));
        intervals.Add(new IntervalSample
        {
            TimestampUtc = utc,
            ElapsedSeconds = report.ElapsedSeconds,
            SinceStartSeconds = report.SinceStartSeconds,
            Measured = report.Measured,
            Orders = report.IntervalOrders,
            TotalOrders = report.Run.Orders,
            Opm = report.Run.Opm,
            IntervalOpm = report.IntervalOpm,
            Rollbacks = report.IntervalRollbacks,
            P50Ms = report.PercentileMs(50),
            P95Ms = report.PercentileMs(95),
            P99Ms = report.PercentileMs(99),
            MaxMs = report.PercentileMs(100),
            ClientCpuPercent = load.CpuPercent,
            SchedulingLagMs = load.MaxLagMs,
            ClientResidentMb = memory.WorkingSetBytes / 1048576.0,
            ClientLiveHeapMb = settings.MemoryCheck ? memory.GcHeapBytes / 1048576.0 : null,
            ClientGcCommittedMb = settings.MemoryCheck ? memory.GcCommittedBytes / 1048576.0 : null,
            ClientGcFragmentedMb = settings.MemoryCheck ? memory.GcFragmentedBytes / 1048576.0 : null,
            ClientThreads = settings.MemoryCheck ? memory.Threads : null,
            Users = supervisor.Running,
            Server = server,
            Reconnects = intervalReconnects,
            TargetOpm = Pacing?.Schedule.TargetOpm,
            Backlog = paced?.State.Backlog,
            LagMs = paced is { } p ? RunMetrics.Seconds(p.State.LagTicks) * 1000 : null,
            LatencyP50Ms = paced is { } p50 ? HistogramCodec.PercentileMs(p50.Latency, 50) : null,
            LatencyP95Ms = paced is { } p95 ? HistogramCodec.PercentileMs(p95.Latency, 95) : null,
            LatencyP99Ms = paced is { } p99 ? HistogramCodec.PercentileMs(p99.Latency, 99) : null,
            LatencyMaxMs = paced is { } max ? HistogramCodec.PercentileMs(max.Latency, 100) : null,
            LatencyHistogram = paced is { } h ? HistogramCodec.Encode(h.Latency) : null,
            OrderHistogram = HistogramCodec.Encode(report.IntervalOrderHistogram),
        });
        IntervalObserver?.Invoke(intervals[^1]);
    }
}

/// <summary>One interval as read at its end (Stopwatch ticks): the counters' report and, in a rate run, the schedule and latencies.</summary>
public sealed record TakenInterval(long At, IntervalReport Report, (ScheduleState State, HistogramBase Latency)? Paced);
