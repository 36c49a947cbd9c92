using System.Data.Common;
using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Loader.Store;
using DvdStore.Schema;
using DvdStore.Schema.Connections;

namespace DvdStore.Driver.Running;

/// <summary>
/// The server-side cross-check of one run: the ORDERS count of each distinct database before the start, and after the
/// end the comparison with the purchases the driver committed (all phases, stragglers included). Counted as
/// <see cref="OrdersCounter"/> does: from the store's load record and the orders added since, not row by row.
/// </summary>
public sealed class OrdersCrossCheck
{
    // Keyed by the pooled connection string: one count per distinct database, however many targets share it.
    private readonly Dictionary<string, (StoreTarget Target, OrdersCounter Counter, long Before)> baseline = new(StringComparer.Ordinal);

    /// <summary>Each distinct database counted: its target, how it is counted and its orders before the start.</summary>
    public IEnumerable<(StoreTarget Target, OrdersCounter Counter, long Before)> Databases => baseline.Values;

    /// <summary>Counts the orders of <paramref name="target"/>'s database once; a database without a store is a user error.</summary>
    public async Task RecordBaselineAsync(StoreTarget given, StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        if (baseline.ContainsKey(target.ConnectionString))
        {
            return;
        }

        try
        {
            var counter = await OrdersCounter.ForAsync(target.Engine, connection, cancellationToken).ConfigureAwait(false);
            baseline[target.ConnectionString] = (target, counter, await counter.CountAsync(connection, cancellationToken).ConfigureAwait(false));
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            throw new UserError($"{given.Engine.DisplayName} at {given.RedactedConnection} holds no DVD Store ({e.Message.Split('\n')[0].TrimEnd('.')}); load one first with 'dvdstore load'.");
        }
    }

    /// <summary>Counts the orders again (on fresh connections, within <paramref name="limit"/>, five minutes by default) and compares with what the driver committed.</summary>
    public async Task<CrossCheck> CompareAsync(long driverCommitted, long inDoubt, TimeSpan? limit = null)
    {
        using var checkTimeout = new CancellationTokenSource(limit ?? TimeSpan.FromMinutes(5));
        long before = 0, after = 0;
        foreach (var (target, counter, count) in baseline.Values)
        {
            before += count;
            await using var connection = await target.OpenAsync(checkTimeout.Token).ConfigureAwait(false);
            after += await counter.CountAsync(connection, checkTimeout.Token).ConfigureAwait(false);
        }

        return CrossChecker.Compare(before, after, driverCommitted, inDoubt);
    }

    /// <summary>The finding a mismatch gives, or null when the orders add up.</summary>
    public static Finding? Assess(CrossCheck check) => check.Matches
        ? null
        : new Finding("cross-check", FindingSeverity.Error, string.Create(CultureInfo.InvariantCulture,
            $"the database gained {check.DatabaseGained} orders but the driver committed {check.DriverCommitted}{(check.InDoubt > 0 ? string.Create(CultureInfo.InvariantCulture, $" (and {check.InDoubt} in doubt)") : "")}: orders were lost, duplicated, or another client wrote to the store during the run."));
}
