using DvdStore.Driver.Metrics;

namespace DvdStore.Driver.Running;

/// <summary>
/// The driver's own order counts since the start, read at one moment: purchases seen to commit, purchases whose outcome
/// was never learned (each may have committed), and purchases sent but not yet counted (each may already have committed
/// on the server). Read in-flight first (<see cref="Read"/>): a purchase that leaves the flight
/// between the reads is then counted twice, never missed.
/// </summary>
public readonly record struct DriverOrderCounts(long Committed, long InDoubt, long InFlight)
{
    public static readonly DriverOrderCounts None = new(0, 0, 0);

    /// <summary>The counts now: committed from the users' metrics (the window's own counters), the rest from the users.</summary>
    public static DriverOrderCounts Read(UserSupervisor users, RunMetrics metrics)
    {
        var inFlight = users.PurchasesInFlight;
        return new DriverOrderCounts(metrics.ReadCounters()[0].CommittedOrders, users.InDoubtOrders, inFlight);
    }
}
