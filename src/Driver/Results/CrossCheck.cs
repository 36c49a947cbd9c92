namespace DvdStore.Driver.Results;

/// <summary>
/// Server-side check: the ORDERS rows the database gained during the run must equal the orders the driver
/// counted as committed (all phases, warm-up included).
/// </summary>
public sealed class CrossCheck
{
    public long OrdersBefore { get; init; }

    public long OrdersAfter { get; init; }

    /// <summary>OrdersAfter − OrdersBefore.</summary>
    public long DatabaseGained { get; init; }

    /// <summary>Purchases the driver saw commit, from the first order to the last.</summary>
    public long DriverCommitted { get; init; }

    public bool Matches { get; init; }
}
