using System.Diagnostics;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// Returns a store a driver run has changed to its as-loaded state (DS3's cleanup, completed and fixed): removes
/// the rows added after the load (ids above the loaded maxima, run-time memberships, all REORDER rows), restores
/// INVENTORY from DS_INVENTORY_BASELINE, resets the identities, then compares the fingerprint with the loaded one.
/// Touches only what changed, so it takes time in proportion to the run, not to the store.
/// </summary>
public static class StoreReset
{
    /// <summary>Children before parents, so no delete waits on a cascade.</summary>
    private static readonly string[] DeleteOrder =
        ["REVIEWS_HELPFULNESS", "REVIEWS", "CUST_HIST", "ORDERLINES", "ORDERS", "MEMBERSHIP", "CUSTOMERS"];

    public static async Task<ResetReport> ResetAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        var clock = Stopwatch.StartNew();
        var engine = target.Engine;
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        if (!await engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
        {
            throw new UserError($"there is no store on {target.RedactedConnection}; build one with 'dvdstore load'.");
        }

        await StoreAdoption.AdoptIfNeededAsync(engine, connection, cancellationToken).ConfigureAwait(false);
        var info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        if (info.State != StoreInfo.Complete)
        {
            throw new UserError($"the store on {target.RedactedConnection} was never completely loaded (state '{info.State ?? "missing"}'); rebuild it with 'dvdstore load --drop-existing'.");
        }

        var added = new AddedRows(engine, info);
        var deleted = new Dictionary<string, long>(StringComparer.Ordinal);
        await using (var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false))
        {
            foreach (var name in DeleteOrder)
            {
                var rule = added.For(StoreModel.Table(name))!.Value;
                deleted[name] = await StoreQueries.ExecuteAsync(engine, connection, $"DELETE FROM {name} WHERE {rule.Condition}", cancellationToken, transaction, rule.Parameters).ConfigureAwait(false);
            }

            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        }

        // Only rows that differ are written. A restored quantity below 3 may fire the re-order trigger (which keeps
        // the stock it had: the same value, since purchases never move stock below 3), so REORDER is emptied after.
        const string Baseline = "SELECT B.{0} FROM DS_INVENTORY_BASELINE B WHERE B.PROD_ID = INVENTORY.PROD_ID";
        var restored = await StoreQueries.ExecuteAsync(engine, connection,
            "UPDATE INVENTORY SET QUAN_IN_STOCK = (" + string.Format(System.Globalization.CultureInfo.InvariantCulture, Baseline, "QUAN_IN_STOCK") + "), " +
            "SALES = (" + string.Format(System.Globalization.CultureInfo.InvariantCulture, Baseline, "SALES") + ") " +
            "WHERE EXISTS (SELECT 1 FROM DS_INVENTORY_BASELINE B WHERE B.PROD_ID = INVENTORY.PROD_ID " +
            "AND (B.QUAN_IN_STOCK <> INVENTORY.QUAN_IN_STOCK OR B.SALES <> INVENTORY.SALES))", cancellationToken).ConfigureAwait(false);
        deleted["REORDER"] = await StoreQueries.ExecuteAsync(engine, connection, "DELETE FROM REORDER", cancellationToken).ConfigureAwait(false);

        foreach (var table in StoreModel.Ds3Tables.Where(t => t.IdentityColumn is not null))
        {
            await engine.ResetIdentityAsync(connection, table, added.Max(table.Name), cancellationToken).ConfigureAwait(false);
        }

        var fingerprint = await FingerprintComparison.ReadAsync(connection, info, cancellationToken).ConfigureAwait(false);
        return new ResetReport(deleted, restored, fingerprint, clock.Elapsed);
    }
}
