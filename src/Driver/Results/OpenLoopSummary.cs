namespace DvdStore.Driver.Results;

/// <summary>
/// A rate run (<c>run --rate</c>): the order starts were scheduled as a Poisson process at <see cref="TargetOpm"/>, and
/// each order's latency is counted from its scheduled start (<see cref="Latency"/>), its service time from the moment a
/// user actually started it (<see cref="ServiceTime"/>). Absent from closed-loop (DS3) runs.
/// </summary>
public sealed record OpenLoopSummary
{
    /// <summary>The rate asked for (--rate), orders per minute, all users together.</summary>
    public double TargetOpm { get; init; }

    /// <summary>Starts the schedule placed in the measured window, per minute: the target plus the Poisson process's own randomness.</summary>
    public double ScheduledOpm { get; init; }

    /// <summary>Starts the schedule placed in the measured window.</summary>
    public long ScheduledOrders { get; init; }

    /// <summary>Orders completed in the measured window, per minute (rollbacks included, as DS3's OPM).</summary>
    public double DeliveredOpm { get; init; }

    /// <summary>100 × delivered / scheduled: below 98 the run has a <c>rate-not-delivered</c> finding.</summary>
    public double DeliveredPercent { get; init; }

    /// <summary>Starts due but not yet taken when the measured window began: owed from the warm-up, delivered in the window.</summary>
    public long StartBacklog { get; init; }

    /// <summary>Most starts that were due but waiting for a free user at any interval's end (measured window).</summary>
    public long MaxBacklog { get; init; }

    /// <summary>Longest a due start waited for a free user (measured window), ms.</summary>
    public double MaxLagMs { get; init; }

    /// <summary>What held the delivered rate short of the schedule: "server", "users" or "client"; null when it was delivered.</summary>
    public string? Limit { get; init; }

    /// <summary>Whole orders from their scheduled start to their end (the wait for a free user included), measured window.</summary>
    public TransactionStats Latency { get; init; } = new();

    /// <summary>Whole orders from the moment a user started them to their end, measured window.</summary>
    public TransactionStats ServiceTime { get; init; } = new();
}
