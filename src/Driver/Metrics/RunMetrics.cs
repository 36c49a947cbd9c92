using System.Diagnostics;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;
using HdrHistogram;

namespace DvdStore.Driver.Metrics;

/// <summary>
/// The reporter's side of the measurements: hands each virtual user its shard, and once per log interval
/// drains every shard's order times into the interval's histogram, adds measured intervals to the phase's, drains
/// the call times per kind at the ends of the phase (the warm-up's are dropped) and turns
/// counters into DS3's numbers. The warm-up reset only moves baselines, so users never see it. One reader
/// thread (the controller) calls everything except <see cref="ShardFor"/> and <see cref="ReadCounters"/>.
/// The measured window's edges are single instants: the interval taken at an edge reads the counters and drains the
/// recorders, and the reset and the summary at that instant reuse that reading, however long the controller took in
/// between (printing, checkpointing), so no order is counted on one side and timed on the other.
/// </summary>
public sealed class RunMetrics
{
    private readonly int targetCount;
    private readonly List<MetricsShard>[] shardsByTarget;
    private readonly LastOrdersWindow runWindow = new();
    private readonly LastOrdersWindow[] targetWindows;
    private readonly int shardsPerTarget;
    private readonly HistogramBase intervalOrders;
    private readonly HistogramBase[] phaseKinds;
    private readonly HistogramBase phaseOrders;
    private long startTicks;
    private CounterTotals[] phaseBase;
    private CounterTotals[] lastInterval;
    private long phaseStartTicks;
    private long lastIntervalTicks;
    private bool callsDrainedAtLastInterval;
    private readonly long[] lastSampledMs;

    /// <param name="targetCount">Number of targets.</param>
    /// <param name="shardsPerTarget">Upper bound of shards per target; users beyond it share shards.</param>
    public RunMetrics(int targetCount, int shardsPerTarget)
    {
        this.targetCount = targetCount;
        this.shardsPerTarget = Math.Max(1, shardsPerTarget);
        shardsByTarget = new List<MetricsShard>[targetCount];
        targetWindows = new LastOrdersWindow[targetCount];
        for (var t = 0; t < targetCount; t++)
        {
            shardsByTarget[t] = [];
            targetWindows[t] = new LastOrdersWindow();
        }

        intervalOrders = HistogramCodec.Create();
        phaseKinds = NewHistograms(MetricsShard.KindCount);
        phaseOrders = HistogramCodec.Create();
        phaseBase = NewTotals(targetCount + 1);
        lastInterval = NewTotals(targetCount + 1);
        lastSampledMs = new long[targetCount + 1];
        Start(Stopwatch.GetTimestamp(), warmup: false);
    }

    /// <summary>Starts the clock at the common start (Stopwatch timestamp); with a warm-up, intervals do not count until <see cref="ResetPhase"/>.</summary>
    public void Start(long nowTicks, bool warmup)
    {
        startTicks = nowTicks;
        phaseStartTicks = nowTicks;
        lastIntervalTicks = nowTicks;
        lastInterval = ReadCounters();
        phaseBase = lastInterval;
        Measuring = !warmup;
    }

    /// <summary>Why orders were abandoned, over the whole run.</summary>
    public ErrorCauses ErrorCauses { get; } = new();

    /// <summary>True once the warm-up is over (or when there is none).</summary>
    public bool Measuring { get; private set; } = true;

    /// <summary>Told every call's latency (live metrics); set before the first shard is handed out; null = nothing more is done.</summary>
    public Action<TransactionKind, double>? CallObserver { get; set; }

    /// <summary>The shard a user records into: user k of a target uses shard k mod shardsPerTarget. Thread-safe for setup.</summary>
    public MetricsShard ShardFor(int userOfTarget, int target)
    {
        lock (shardsByTarget)
        {
            var shards = shardsByTarget[target];
            var index = userOfTarget % shardsPerTarget;
            while (shards.Count <= index)
            {
                shards.Add(new MetricsShard(target, runWindow, targetWindows[target], ErrorCauses) { CallObserver = CallObserver });
            }

            return shards[index];
        }
    }

    /// <summary>Counters since the start of the run, overall (index 0) and per target (1..n).</summary>
    public CounterTotals[] ReadCounters()
    {
        var totals = NewTotals(targetCount + 1);
        lock (shardsByTarget)
        {
            for (var t = 0; t < targetCount; t++)
            {
                foreach (var shard in shardsByTarget[t])
                {
                    shard.AddCountersTo(totals[0]);
                    shard.AddCountersTo(totals[t + 1]);
                }
            }
        }

        return totals;
    }

    /// <summary>
    /// Closes the interval ending at <paramref name="nowTicks"/>: drains the shards and computes the log line. At a
    /// <paramref name="windowEdge"/> (the warm-up's end or the window's) the call times are drained in the same reading:
    /// into the phase while measuring, dropped in the warm-up.
    /// </summary>
    public IntervalReport TakeInterval(long nowTicks, bool windowEdge = false)
    {
        var counters = ReadCounters();
        intervalOrders.Reset();
        lock (shardsByTarget)
        {
            foreach (var shard in shardsByTarget.SelectMany(static s => s))
            {
                shard.DrainOrdersInto(intervalOrders);
            }
        }

        callsDrainedAtLastInterval = windowEdge;
        if (windowEdge)
        {
            DrainCalls(Measuring ? phaseKinds : null);
        }

        if (Measuring)
        {
            phaseOrders.Add(intervalOrders);
        }

        var elapsed = Seconds(nowTicks - phaseStartTicks);
        var lines = new TargetLine[targetCount + 1];
        for (var i = 0; i <= targetCount; i++)
        {
            var phase = counters[i].Minus(phaseBase[i]);
            var delta = counters[i].Minus(lastInterval[i]);
            // rt_tot_sampled: the average order time of this interval, 0 when none finished (DS3).
            lastSampledMs[i] = Ds3Formulas.AverageMs(delta.OrderMicros, delta.Orders);
            lines[i] = Line(phase, elapsed, i == 0 ? runWindow : targetWindows[i - 1], lastSampledMs[i]);
        }

        var interval = counters[0].Minus(lastInterval[0]);
        var report = new IntervalReport(
            elapsed,
            Seconds(nowTicks - startTicks),
            Seconds(nowTicks - lastIntervalTicks),
            Measuring,
            lines[0],
            lines[1..],
            interval.Orders,
            interval.Rollbacks,
            intervalOrders.Copy());
        lastInterval = counters;
        lastIntervalTicks = nowTicks;
        return report;
    }

    /// <summary>
    /// The warm-up reset (docs/ds3-compatibility.md, "A driver run", with every counter reset; DS3 forgot several): the
    /// phase clock restarts and all phase numbers start from zero. At the instant of the last interval the phase starts
    /// from that interval's reading; at any other instant the counters are read now.
    /// </summary>
    public void ResetPhase(long nowTicks)
    {
        if (nowTicks != lastIntervalTicks)
        {
            lastInterval = ReadCounters();
        }

        if (!CallsDrainedAt(nowTicks))
        {
            DrainCalls(null);
        }

        phaseBase = lastInterval;
        foreach (var histogram in phaseKinds)
        {
            histogram.Reset();
        }

        phaseOrders.Reset();
        runWindow.Clear();
        foreach (var window in targetWindows)
        {
            window.Clear();
        }

        Array.Clear(lastSampledMs);
        phaseStartTicks = nowTicks;
        lastIntervalTicks = nowTicks;
        Measuring = true;
    }

    /// <summary>
    /// The measured phase up to <paramref name="nowTicks"/> (call after the last <see cref="TakeInterval"/>): at the
    /// last interval's instant, the figures of that reading; at a later instant, read now.
    /// </summary>
    public PhaseSummary Summarize(long nowTicks)
    {
        var counters = nowTicks == lastIntervalTicks ? lastInterval : ReadCounters();
        if (!CallsDrainedAt(nowTicks))
        {
            // Call times recorded in a warm-up that never ended (a run stopped early) are not the phase's.
            DrainCalls(Measuring ? phaseKinds : null);
        }

        var elapsed = Seconds(nowTicks - phaseStartTicks);
        var phases = new CounterTotals[targetCount + 1];
        var lines = new TargetLine[targetCount + 1];
        for (var i = 0; i <= targetCount; i++)
        {
            phases[i] = counters[i].Minus(phaseBase[i]);
            lines[i] = Line(phases[i], elapsed, i == 0 ? runWindow : targetWindows[i - 1], lastSampledMs[i]);
        }

        var run = phases[0];
        var transactions = Enum.GetValues<TransactionKind>()
            .Select(kind => StatsBuilder.From(kind.ToString(), phaseKinds[(int)kind], run.CallCounts[(int)kind], run.CallMicros[(int)kind], run.Errors[(int)kind]))
            .ToList();
        var order = StatsBuilder.From("Order", phaseOrders, run.Orders, run.OrderMicros, run.TotalErrors);
        return new PhaseSummary(elapsed, run, phases[1..], lines[0], lines[1..], order, transactions);
    }

    /// <summary>Seconds since the phase started.</summary>
    public double PhaseSeconds(long nowTicks) => Seconds(nowTicks - phaseStartTicks);

    public static double Seconds(long ticks) => (double)ticks / Stopwatch.Frequency;

    private static TargetLine Line(CounterTotals phase, double elapsed, LastOrdersWindow window, long sampledMs) => new(
        phase.Orders,
        Ds3Formulas.Opm(phase.Orders, elapsed),
        window.MaxMicros() / 1000,
        Ds3Formulas.AverageMs(phase.OrderMicros, phase.Orders),
        sampledMs,
        phase.Rollbacks,
        Ds3Formulas.RollbackPercent(phase.Rollbacks, phase.Orders),
        phase.CommittedOrders);

    /// <summary>True when the call times were drained at <paramref name="nowTicks"/>: the last interval was taken then, as a window edge.</summary>
    private bool CallsDrainedAt(long nowTicks) => callsDrainedAtLastInterval && nowTicks == lastIntervalTicks;

    private void DrainCalls(HistogramBase[]? targets)
    {
        lock (shardsByTarget)
        {
            foreach (var shard in shardsByTarget.SelectMany(static s => s))
            {
                shard.DrainCallsInto(targets);
            }
        }
    }

    private static HistogramBase[] NewHistograms(int count) => Enumerable.Range(0, count).Select(static _ => (HistogramBase)HistogramCodec.Create()).ToArray();

    private static CounterTotals[] NewTotals(int count) => Enumerable.Range(0, count).Select(static _ => new CounterTotals()).ToArray();
}
