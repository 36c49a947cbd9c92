using System.Diagnostics;
using BenchmarkDotNet.Attributes;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Running;

namespace DvdStore.Benchmarks.DriverOverhead;

/// <summary>
/// What a rate run (<c>--rate</c>) adds to each order on the client, against a baseline measured in the same run:
/// taking the next start from the shared schedule (a lock and an exponential draw), recording the order's latency and
/// service time (two HdrHistogram recorders), and both together, the scheduler's whole work per order when its start
/// is due. The wait for a start that is not yet due is the <see cref="StartGate"/>'s (see <c>schedule-cpu</c> in Program.cs for its CPU).
/// The baseline is the least any lock-free recording must do: read the clock and add to one shared counter.
/// </summary>
[MemoryDiagnoser]
public class ArrivalScheduleBenchmarks
{
    private readonly ArrivalSchedule schedule = new(6000, seed: 1);
    private readonly OpenLoopMetrics metrics = new();
    private long counter;
    private long taken;

    [GlobalSetup]
    public void Setup() => schedule.Start(0);

    [Benchmark(Baseline = true, Description = "baseline: clock read + interlocked add")]
    public long Baseline() => Interlocked.Add(ref counter, Stopwatch.GetTimestamp() & 1023);

    [Benchmark(Description = "take the next start (lock + exponential draw)")]
    public long Take() => Looked(schedule.Take(Stopwatch.GetTimestamp()));

    [Benchmark(Description = "record latency and service time")]
    public void Record()
    {
        var now = Stopwatch.GetTimestamp();
        metrics.Record(now - 2_000_000, now - 1_000_000, now);
    }

    [Benchmark(Description = "per order: take + record")]
    public void PerOrder()
    {
        var now = Stopwatch.GetTimestamp();
        var scheduled = Looked(schedule.Take(now));
        metrics.Record(scheduled, now, now + 1_000_000);
    }

    /// <summary>
    /// The run's controller looks at the schedule every interval, which counts each start as due once (its share of
    /// the per-order work); here every 1,024th order, so the starts not yet counted do not pile up in memory. No
    /// [IterationCleanup]: it makes BenchmarkDotNet call the method once per iteration, timing the timer, not the method.
    /// </summary>
    private long Looked(long scheduled)
    {
        if ((++taken & 1023) == 0)
        {
            schedule.Look(scheduled);
        }

        return scheduled;
    }
}
