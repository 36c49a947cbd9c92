using DvdStore.Monitoring;
namespace DvdStore.Driver.Results;

/// <summary>One log interval (every log_freq seconds): throughput and response times of that interval alone.</summary>
public sealed class IntervalSample
{
    public DateTimeOffset TimestampUtc { get; init; }

    /// <summary>Seconds since the start of the phase it belongs to (DS3's et: restarts at the warm-up reset).</summary>
    public double ElapsedSeconds { get; init; }

    /// <summary>Seconds since the common start (never reset), for plotting a whole run.</summary>
    public double SinceStartSeconds { get; init; }

    /// <summary>False during warm-up.</summary>
    public bool Measured { get; init; }

    /// <summary>Orders completed in this interval (rollbacks included).</summary>
    public long Orders { get; init; }

    /// <summary>Orders since the phase start (DS3's n_overall at this line).</summary>
    public long TotalOrders { get; init; }

    /// <summary>DS3's cumulative opm at this line: floor(60 × TotalOrders / ElapsedSeconds).</summary>
    public long Opm { get; init; }

    /// <summary>This interval's own rate: 60 × Orders / interval seconds.</summary>
    public double IntervalOpm { get; init; }

    /// <summary>Rollbacks in this interval.</summary>
    public long Rollbacks { get; init; }

    /// <summary>Order response-time percentiles of this interval.</summary>
    public double P50Ms { get; init; }

    public double P95Ms { get; init; }

    public double P99Ms { get; init; }

    public double MaxMs { get; init; }

    /// <summary>The driver process's CPU use in this interval, % of the CPUs it may use.</summary>
    public double ClientCpuPercent { get; init; }

    /// <summary>Worst lateness of the driver's 100 ms tick in this interval (scheduler lag on the client).</summary>
    public double SchedulingLagMs { get; init; }

    /// <summary>The driver process's resident memory (RSS) at the end of this interval, MiB.</summary>
    public double ClientResidentMb { get; init; }

    /// <summary>The driver's managed heap still live after a full collection at the end of this interval, MiB (memory_check=Y only).</summary>
    public double? ClientLiveHeapMb { get; init; }

    /// <summary>Memory the driver's GC held committed after that collection, MiB (memory_check=Y only): the live heap, free space, budgets.</summary>
    public double? ClientGcCommittedMb { get; init; }

    /// <summary>Free space inside the driver's GC heap after that collection, MiB (memory_check=Y only).</summary>
    public double? ClientGcFragmentedMb { get; init; }

    /// <summary>The driver process's threads at the end of this interval (memory_check=Y only).</summary>
    public int? ClientThreads { get; init; }

    /// <summary>Users running.</summary>
    public int Users { get; init; }

    /// <summary>Connections lost and re-opened in this interval (a reconnect storm shows as a run of these).</summary>
    public long Reconnects { get; init; }

    /// <summary>Rate runs only: the rate asked for (orders per minute); <see cref="IntervalOpm"/> is the rate delivered.</summary>
    public double? TargetOpm { get; init; }

    /// <summary>Rate runs only: order starts due at this interval's end that no user had taken yet (every user was busy).</summary>
    public long? Backlog { get; init; }

    /// <summary>Rate runs only: the longest a due start waited for a free user in this interval, ms.</summary>
    public double? LagMs { get; init; }

    /// <summary>Rate runs only: order latency from the scheduled start, percentiles of this interval's completed orders.</summary>
    public double? LatencyP50Ms { get; init; }

    public double? LatencyP95Ms { get; init; }

    public double? LatencyP99Ms { get; init; }

    public double? LatencyMaxMs { get; init; }

    /// <summary>Rate runs only: this interval's latencies as an HdrHistogram (microseconds, <see cref="HistogramCodec"/>), for any percentile.</summary>
    public string? LatencyHistogram { get; init; }

    /// <summary>
    /// This interval's order response times as an HdrHistogram (microseconds, <see cref="HistogramCodec"/>), every run: any
    /// span of intervals, or a fleet's drivers together, gets its exact percentiles by adding them. Null in older results.
    /// </summary>
    public string? OrderHistogram { get; init; }

    /// <summary>The database server in this interval (CPU, disk, engine counters); null when server metrics were off.</summary>
    public ServerIntervalMetrics? Server { get; init; }
}
