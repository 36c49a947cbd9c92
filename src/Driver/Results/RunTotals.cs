using DvdStore.Driver.Metrics;

namespace DvdStore.Driver.Results;

/// <summary>
/// Totals of the measured phase. <see cref="Orders"/> counts rolled-back orders too (DS3's n_overall), so
/// <see cref="Opm"/> is DS3's opm; <see cref="CommittedOrders"/> and <see cref="CommittedOpm"/> exclude them.
/// </summary>
public sealed class RunTotals
{
    /// <summary>Completed orders including rollbacks (DS3 n_overall).</summary>
    public long Orders { get; init; }

    /// <summary>Orders whose purchase committed.</summary>
    public long CommittedOrders { get; init; }

    public long Rollbacks { get; init; }

    /// <summary>100 × rollbacks / orders (0 when no orders).</summary>
    public double RollbackPercent => Ds3Formulas.RollbackPercent(Rollbacks, Orders);

    /// <summary>Seconds from the statistics reset (end of warm-up) to the end.</summary>
    public double MeasuredSeconds { get; init; }

    /// <summary>floor(60 × orders / measured seconds), DS3's formula.</summary>
    public long Opm { get; init; }

    /// <summary>floor(60 × committed orders / measured seconds).</summary>
    public long CommittedOpm { get; init; }

    /// <summary>Failed calls after retries were exhausted (orders abandoned).</summary>
    public long Errors { get; init; }

    /// <summary>Deadlocks retried.</summary>
    public long DeadlockRetries { get; init; }

    /// <summary>Reconnects after a lost connection.</summary>
    public long Reconnects { get; init; }

    /// <summary>Users running at the end.</summary>
    public int Users { get; init; }

    /// <summary>Fewest orders (committed or rolled back) one user completed over the whole run: far below the median means starvation.</summary>
    public long MinUserOrders { get; init; }

    /// <summary>Median orders per user over the whole run.</summary>
    public long MedianUserOrders { get; init; }

    /// <summary>Most orders one user completed over the whole run.</summary>
    public long MaxUserOrders { get; init; }

    /// <summary>Driver process resident memory when all users were connected (bytes; 0 where unknown).</summary>
    public long WorkingSetStartBytes { get; init; }

    /// <summary>Driver process resident memory at the end of the run (bytes).</summary>
    public long WorkingSetEndBytes { get; init; }

    /// <summary>Managed heap after a collection when all users were connected (bytes).</summary>
    public long GcHeapStartBytes { get; init; }

    /// <summary>Managed heap after a collection at the end of the run (bytes).</summary>
    public long GcHeapEndBytes { get; init; }
}
