using System.Diagnostics;
using DvdStore.Driver.Results;
using DvdStore.Driver.Workload;
using HdrHistogram;

namespace DvdStore.Driver.Metrics;

/// <summary>
/// The measurements of a group of virtual users of one target (one user each, up to a CPU-bound count of
/// groups): an HdrHistogram <see cref="Recorder"/> per transaction kind and for whole orders, and counters.
/// Recording takes no lock (interlocked increments only); the reporter drains the order recorder each interval and
/// the call recorders at the ends of the phase.
/// </summary>
public sealed class MetricsShard : IOrderSink
{
    public static readonly int KindCount = Enum.GetValues<TransactionKind>().Length;

    private readonly Recorder[] callRecorders;
    private readonly Recorder orderRecorder;
    private readonly HistogramBase?[] samples;
    private readonly long[] callCounts;
    private readonly long[] callMicros;
    private readonly long[] errors;
    private readonly LastOrdersWindow? runWindow;
    private readonly LastOrdersWindow? targetWindow;
    private readonly ErrorCauses? errorCauses;
    private long orders;
    private long rollbacks;
    private long orderMicros;
    private long deadlockRetries;
    private long reconnects;

    public MetricsShard(int target, LastOrdersWindow? runWindow = null, LastOrdersWindow? targetWindow = null, ErrorCauses? errorCauses = null)
    {
        Target = target;
        this.runWindow = runWindow;
        this.targetWindow = targetWindow;
        this.errorCauses = errorCauses;
        callRecorders = new Recorder[KindCount];
        for (var i = 0; i < KindCount; i++)
        {
            callRecorders[i] = NewRecorder();
        }

        orderRecorder = NewRecorder();
        samples = new HistogramBase?[KindCount + 1];
        callCounts = new long[KindCount];
        callMicros = new long[KindCount];
        errors = new long[KindCount];
    }

    /// <summary>Index of the target the shard's users talk to.</summary>
    public int Target { get; }

    /// <summary>Also told every call's latency in ms (live metrics); null, the default, costs one check per call.</summary>
    public Action<TransactionKind, double>? CallObserver { get; set; }

    public void RecordCall(TransactionKind kind, long ticks)
    {
        var micros = ToMicros(ticks);
        CallObserver?.Invoke(kind, micros / 1000.0);
        callRecorders[(int)kind].RecordValue(Clamp(micros));
        Interlocked.Increment(ref callCounts[(int)kind]);
        Interlocked.Add(ref callMicros[(int)kind], micros);
    }

    public void RecordOrder(long ticks, bool rolledBack)
    {
        var micros = ToMicros(ticks);
        orderRecorder.RecordValue(Clamp(micros));
        Interlocked.Add(ref orderMicros, micros);
        if (rolledBack)
        {
            Interlocked.Increment(ref rollbacks);
        }

        // Orders last: a reader that sees the order also sees its rollback and time.
        Interlocked.Increment(ref orders);
        runWindow?.Add(micros);
        targetWindow?.Add(micros);
    }

    /// <summary>Counts an abandoned order against the call that failed, and why it failed.</summary>
    public void RecordError(TransactionKind kind, string? cause = null)
    {
        Interlocked.Increment(ref errors[(int)kind]);
        if (cause is not null)
        {
            errorCauses?.Add(cause);
        }
    }

    public void RecordDeadlockRetry() => Interlocked.Increment(ref deadlockRetries);

    public void RecordReconnect() => Interlocked.Increment(ref reconnects);

    /// <summary>Adds the order times recorded since the last drain into <paramref name="target"/> (every log interval).</summary>
    public void DrainOrdersInto(HistogramBase target) => Drain(KindCount, target);

    /// <summary>
    /// Adds the call times of every kind recorded since the last drain into <paramref name="targets"/> (one per kind),
    /// or discards them when null (the warm-up). Only the phase needs them, so they are drained at its ends, not
    /// every interval: each drain walks whole count arrays, the costly part of the reporter's work.
    /// </summary>
    public void DrainCallsInto(HistogramBase[]? targets)
    {
        for (var i = 0; i < KindCount; i++)
        {
            Drain(i, targets?[i]);
        }
    }

    private void Drain(int slot, HistogramBase? target)
    {
        var recorder = slot == KindCount ? orderRecorder : callRecorders[slot];

        // The recorder hands back its own histogram and takes the previous one to reuse: no copy.
        var sample = recorder.GetIntervalHistogram(samples[slot]);
        samples[slot] = sample;
        target?.Add(sample);
    }

    /// <summary>Adds this shard's cumulative counters (since the start of the run) into <paramref name="totals"/>.</summary>
    public void AddCountersTo(CounterTotals totals)
    {
        // Read orders first: values recorded after it only make the other counters run slightly ahead.
        totals.Orders += Volatile.Read(ref orders);
        totals.Rollbacks += Volatile.Read(ref rollbacks);
        totals.OrderMicros += Volatile.Read(ref orderMicros);
        totals.DeadlockRetries += Volatile.Read(ref deadlockRetries);
        totals.Reconnects += Volatile.Read(ref reconnects);
        for (var i = 0; i < KindCount; i++)
        {
            totals.CallCounts[i] += Volatile.Read(ref callCounts[i]);
            totals.CallMicros[i] += Volatile.Read(ref callMicros[i]);
            totals.Errors[i] += Volatile.Read(ref errors[i]);
        }
    }

    public static long ToMicros(long ticks) => ticks * 1_000_000 / Stopwatch.Frequency;

    internal static long Clamp(long micros) => Math.Clamp(micros, 1, HistogramCodec.HighestMicroseconds);

    internal static Recorder NewRecorder() =>
        new(1, HistogramCodec.HighestMicroseconds, HistogramCodec.SignificantDigits, static (id, low, high, digits) => new IntConcurrentHistogram(id, low, high, digits));
}
