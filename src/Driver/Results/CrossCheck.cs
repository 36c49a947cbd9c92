namespace DvdStore.Driver.Results;

/// <summary>
/// Server-side check: the ORDERS rows the database gained during the run must equal the orders the driver
/// counted as committed (all phases, warm-up included), give or take the purchases whose outcome the driver never
/// learned (in doubt): it matches when committed ≤ gained ≤ committed + in doubt.
/// </summary>
public sealed class CrossCheck
{
    public long OrdersBefore { get; init; }

    public long OrdersAfter { get; init; }

    public long DatabaseGained => OrdersAfter - OrdersBefore;

    /// <summary>Purchases the driver saw commit, from the first order to the last.</summary>
    public long DriverCommitted { get; init; }

    /// <summary>Purchases whose connection was lost (or call cancelled) before their outcome was known: each may have committed.</summary>
    public long InDoubt { get; init; }

    /// <summary>In-doubt purchases that turned out committed (DatabaseGained − DriverCommitted) when the check matches; else 0.</summary>
    public long InDoubtCommitted => Matches ? DatabaseGained - DriverCommitted : 0;

    /// <summary>Every committed purchase is one new ORDERS row, and each in-doubt purchase is one row or none.</summary>
    public bool Matches => DatabaseGained >= DriverCommitted && DatabaseGained <= DriverCommitted + InDoubt;
}
