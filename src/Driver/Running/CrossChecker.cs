using System.Data.Common;
using DvdStore.Driver.Results;
using DvdStore.Schema.Connections;

namespace DvdStore.Driver.Running;

/// <summary>Counts ORDERS rows with a portable statement, before and after a run (the server-side cross-check).</summary>
public static class CrossChecker
{
    public const string CountOrdersSql = "SELECT COUNT(*) FROM ORDERS";

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

    public static async Task<long> CountOrdersAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        return await CountOrdersAsync(connection, cancellationToken).ConfigureAwait(false);
    }

    public static async Task<long> CountOrdersAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = CountOrdersSql;
        var value = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture);
    }
}
