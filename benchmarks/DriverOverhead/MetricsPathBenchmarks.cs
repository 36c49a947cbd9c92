using System.Diagnostics;
using BenchmarkDotNet.Attributes;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Workload;

namespace DvdStore.Benchmarks.DriverOverhead;

/// <summary>
/// The driver's metrics path, against a baseline measured in the same run: recording one latency into a user's shard
/// (HdrHistogram recorder + interlocked counters), recording a whole order (one order = about 12 calls + the order
/// itself), the reporter's merge of every shard's order times at each log line, and its drain of every shard's call
/// times per kind at the end of the phase.
/// The baseline is the least any lock-free recording must do: read the clock and add to one shared counter.
/// </summary>
[MemoryDiagnoser]
public class MetricsPathBenchmarks
{
    private const int CallsPerOrder = 12;
    private static readonly TransactionKind[] Kinds = Enum.GetValues<TransactionKind>();

    private RunMetrics metrics = null!;
    private MetricsShard shard = null!;
    private long counter;
    private long ticks;

    /// <summary>Shards the merge drains (the driver uses 2 × usable CPUs per target).</summary>
    [Params(4, 32)]
    public int Shards { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        metrics = new RunMetrics(1, Shards);
        for (var i = 0; i < Shards; i++)
        {
            var user = metrics.ShardFor(i, 0);
            for (var k = 0; k < 1_000; k++)
            {
                user.RecordCall(Kinds[k % Kinds.Length], Stopwatch.Frequency / 1000 * (1 + (k % 50)));
            }
        }

        shard = metrics.ShardFor(0, 0);
        ticks = Stopwatch.Frequency / 500; // 2 ms
    }

    [Benchmark(Baseline = true, Description = "baseline: clock read + interlocked add")]
    public long Baseline() => Interlocked.Add(ref counter, Stopwatch.GetTimestamp() & 1023);

    [Benchmark(Description = "record one call latency into the shard")]
    public void RecordCall() => shard.RecordCall(TransactionKind.Purchase, ticks + (Stopwatch.GetTimestamp() & 1023));

    [Benchmark(Description = "record one order (12 calls + order)")]
    public void RecordOrder()
    {
        var now = Stopwatch.GetTimestamp() & 1023;
        for (var i = 0; i < CallsPerOrder; i++)
        {
            shard.RecordCall(Kinds[i % Kinds.Length], ticks + now + i);
        }

        shard.RecordOrder(CallsPerOrder * ticks + now, rolledBack: false);
    }

    [Benchmark(Description = "merge: drain every shard into the interval (one log line)")]
    public IntervalReport Merge()
    {
        shard.RecordOrder(CallsPerOrder * ticks, rolledBack: false);
        return metrics.TakeInterval(Stopwatch.GetTimestamp());
    }

    [Benchmark(Description = "summarize: drain every shard's call times per kind (end of the phase)")]
    public PhaseSummary Summarize()
    {
        shard.RecordCall(TransactionKind.Login, ticks);
        return metrics.Summarize(Stopwatch.GetTimestamp());
    }
}
