namespace DvdStore.Driver.Results;

/// <summary>
/// The measured window checked against the database: the ORDERS rows it gained between the window's two edges against
/// the orders the driver committed in the window. Orders in flight at an edge (sent, not yet counted by the driver),
/// in doubt, or committed while the count itself ran may fall on either side of it: that is the tolerance, and the
/// check matches when the database's gain lies within it.
/// </summary>
public sealed class WindowCrossCheck
{
    /// <summary>The database's ORDERS rows at the window's start (summed over the run's databases).</summary>
    public long OrdersAtStart { get; init; }

    public long OrdersAtEnd { get; init; }

    public long DatabaseGained => OrdersAtEnd - OrdersAtStart;

    /// <summary>The orders the driver committed in the measured window (the result's committed orders).</summary>
    public long DriverCommitted { get; init; }

    /// <summary>How far the database's gain may fall below <see cref="DriverCommitted"/>: orders in flight at the start.</summary>
    public long ToleranceBelow { get; init; }

    /// <summary>How far the database's gain may exceed <see cref="DriverCommitted"/>: orders in flight or in doubt at the end.</summary>
    public long ToleranceAbove { get; init; }

    public bool Matches => DatabaseGained >= DriverCommitted - ToleranceBelow && DatabaseGained <= DriverCommitted + ToleranceAbove;
}
