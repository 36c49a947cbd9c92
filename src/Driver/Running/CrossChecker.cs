using System.Data.Common;
using DvdStore.Driver.Results;
using DvdStore.Schema.Connections;

namespace DvdStore.Driver.Running;

/// <summary>The server-side cross-check's comparison and its summary line (the counting: <see cref="OrdersCrossCheck"/>).</summary>
public static class CrossChecker
{
    /// <summary>The check of the ORDERS rows counted before and after against the driver's committed and in-doubt purchases.</summary>
    public static CrossCheck Compare(long ordersBefore, long ordersAfter, long driverCommitted, long inDoubt) => new()
    {
        OrdersBefore = ordersBefore,
        OrdersAfter = ordersAfter,
        DriverCommitted = driverCommitted,
        InDoubt = inDoubt,
    };

    /// <summary>The cross-check line of the run summary.</summary>
    public static string Describe(CrossCheck check) => FormattableString.Invariant(
        $"cross-check: database gained {check.DatabaseGained} orders ({check.OrdersBefore} -> {check.OrdersAfter}), driver committed {check.DriverCommitted}") +
        (check.InDoubt > 0 ? FormattableString.Invariant($", {check.InDoubt} in doubt ({(check.Matches ? check.InDoubtCommitted.ToString(System.Globalization.CultureInfo.InvariantCulture) : "?")} of them committed)") : "") +
        (check.Matches ? ": OK" : ": MISMATCH");
}
