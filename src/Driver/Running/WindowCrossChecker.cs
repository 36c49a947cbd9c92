using System.Globalization;
using DvdStore.Driver.Results;

namespace DvdStore.Driver.Running;

/// <summary>The measured window's cross-check: its bounds from the two edges' readings, its summary line and its finding.</summary>
public static class WindowCrossChecker
{
    public const string FindingCode = "window-cross-check";

    /// <summary>
    /// The database's gain over the window must lie between what the driver's counts around the two probes allow: at
    /// least the orders committed between the end's first reading and the start's last, less what was in flight or fell
    /// in doubt at the start; at most the orders committed between the start's first reading and the end's last, plus
    /// what was in flight at the end and what fell in doubt since the start.
    /// </summary>
    public static WindowCrossCheck Compare(WindowEdge start, WindowEdge end, long windowCommitted)
    {
        var lower = end.Before.Committed - start.After.Committed - start.After.InFlight - (start.After.InDoubt - start.Before.InDoubt);
        var upper = end.After.Committed - start.Before.Committed + end.After.InFlight + (end.After.InDoubt - start.Before.InDoubt) + (end.After.InDoubt - end.Before.InDoubt);
        return new WindowCrossCheck
        {
            OrdersAtStart = start.DatabaseOrders,
            OrdersAtEnd = end.DatabaseOrders,
            DriverCommitted = windowCommitted,
            ToleranceBelow = Math.Max(0, windowCommitted - lower),
            ToleranceAbove = Math.Max(0, upper - windowCommitted),
        };
    }

    /// <summary>The window cross-check line of the run summary.</summary>
    public static string Describe(WindowCrossCheck check) => string.Create(CultureInfo.InvariantCulture,
        $"window cross-check: database gained {check.DatabaseGained} orders in the measured window ({check.OrdersAtStart} -> {check.OrdersAtEnd}), driver committed {check.DriverCommitted} (-{check.ToleranceBelow}/+{check.ToleranceAbove} in flight at the edges): {(check.Matches ? "OK" : "MISMATCH")}");

    /// <summary>The finding a mismatch gives (an error: the window's figures are not the database's), or null.</summary>
    public static Finding? Assess(WindowCrossCheck check) => check.Matches
        ? null
        : new Finding(FindingCode, FindingSeverity.Error, string.Create(CultureInfo.InvariantCulture,
            $"in the measured window the database gained {check.DatabaseGained} orders but the driver committed {check.DriverCommitted} (allowing {check.ToleranceBelow} below and {check.ToleranceAbove} above for orders in flight at the edges): the window's figures do not match the database's, or another client wrote to the store."));
}
