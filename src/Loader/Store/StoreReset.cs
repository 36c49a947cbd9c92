using System.Data.Common;
using System.Diagnostics;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;

namespace DvdStore.Loader.Store;

/// <summary>
/// Returns a store a driver run has changed to its as-loaded state (DS3's cleanup, completed and fixed), touching
/// only what runs changed, through keys only, so its cost follows the rows runs added and changed, never the store's
/// size: INVENTORY rows of the products runs sold restored from DS_INVENTORY_BASELINE, REORDER emptied, then the
/// added rows deleted children before parents (CUST_HIST through the added orders' customers, ORDERLINES and ORDERS
/// above the loaded ORDERID, ratings and reviews above their loaded ids, run-time memberships, customers above the
/// loaded CUSTOMERID), all in one transaction; then identities reset and the touched ranges checked.
/// Every foreign key a delete must check has an index on its child column (IX_REVIEWS_CUSTID is ours for that), so
/// no delete scans a table.
/// </summary>
public static class StoreReset
{
    public static Task<ResetReport> ResetAsync(StoreTarget target, CancellationToken cancellationToken) =>
        ResetAsync(target, new ResetOptions(), null, cancellationToken);

    public static async Task<ResetReport> ResetAsync(StoreTarget target, ResetOptions options, IProgress<ResetStep>? progress, CancellationToken cancellationToken)
    {
        await using var connection = await target.OpenExistingAsync(cancellationToken).ConfigureAwait(false);
        if (!await target.Engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
        {
            throw new UserError($"there is no store on {target.RedactedConnection}; build one with 'dvdstore load'.");
        }

        // Several connections only for what reads the whole store: an adoption, the full fingerprint.
        var reads = await StoreAdoption.ReadsFor(target, connection, options.Parallel, cancellationToken).ConfigureAwait(false)
            ?? (options.FullFingerprint
                ? (await ReadParallelism.ChooseAsync(target, connection, options.Parallel, cancellationToken).ConfigureAwait(false)).For(target, connection)
                : StoreReads.Single(target.Engine, connection));

        // A store DS3 built is adopted first, under a lease of its own (a no-op for our stores).
        await StoreAdoption.AdoptIfNeededAsync(reads, cancellationToken).ConfigureAwait(false);

        // Held while it works: a run or another reset on this store is refused meanwhile, and a running one refuses this.
        await using var lease = await StoreLease.AcquireAsync(target, StoreLeases.Holder("dvdstore reset"), null, cancellationToken).ConfigureAwait(false);
        return await ResetAsync(reads, target.RedactedConnection, options, progress, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Resets the store on the reads' connection; <paramref name="where"/> names it in messages (never with a password).</summary>
    public static async Task<ResetReport> ResetAsync(StoreReads reads, string where, ResetOptions options, IProgress<ResetStep>? progress, CancellationToken cancellationToken)
    {
        var (engine, connection) = (reads.Engine, reads.Connection);
        var clock = Stopwatch.StartNew();
        if (!await engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
        {
            throw new UserError($"there is no store on {where}; build one with 'dvdstore load'.");
        }

        await StoreAdoption.AdoptIfNeededAsync(reads, cancellationToken).ConfigureAwait(false);
        var info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        if (info.State != StoreInfo.Complete)
        {
            throw new UserError($"the store on {where} was never completely loaded (state '{info.State ?? "missing"}'); rebuild it with 'dvdstore load --drop-existing'.");
        }

        var added = new AddedRows(engine, info);
        var deleted = new Dictionary<string, long>(StringComparer.Ordinal);
        long restored;
        RunChanges changes;
        await using (var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false))
        {
            var steps = new ResetSteps(engine, connection, transaction, added, progress, clock);
            changes = await RunChanges.ReadAsync(engine, connection, transaction, added, cancellationToken).ConfigureAwait(false);
            Report("INVENTORY", "products to restore", changes.Products.Count);
            Report("CUST_HIST", "customers to clear", changes.OrderCustomers.Count);

            // Purchases only lower stock, so restoring raises it and never fires the re-order trigger; REORDER is emptied after anyway.
            restored = await steps.ByKeysAsync("INVENTORY", "restored",
                "UPDATE INVENTORY SET QUAN_IN_STOCK = (SELECT B.QUAN_IN_STOCK FROM DS_INVENTORY_BASELINE B WHERE B.PROD_ID = INVENTORY.PROD_ID), " +
                "SALES = (SELECT B.SALES FROM DS_INVENTORY_BASELINE B WHERE B.PROD_ID = INVENTORY.PROD_ID) WHERE PROD_ID IN ({keys})",
                changes.Products, cancellationToken).ConfigureAwait(false);
            deleted["REORDER"] = await steps.DeleteAsync("REORDER", "1 = 1", null, cancellationToken).ConfigureAwait(false);
            deleted["CUST_HIST"] = await steps.ByKeysAsync("CUST_HIST", "deleted",
                $"DELETE FROM CUST_HIST WHERE CUSTOMERID IN ({{keys}}) AND ORDERID > {engine.Parameter("last_id")}",
                changes.OrderCustomers, cancellationToken, ("last_id", added.Max("ORDERS"))).ConfigureAwait(false);
            deleted["ORDERLINES"] = await steps.DeleteAsync("ORDERLINES", "ORDERID > {0}", "ORDERS", cancellationToken).ConfigureAwait(false);
            deleted["ORDERS"] = await steps.DeleteAsync("ORDERS", "ORDERID > {0}", "ORDERS", cancellationToken).ConfigureAwait(false);
            deleted["REVIEWS_HELPFULNESS"] = await steps.DeleteAsync("REVIEWS_HELPFULNESS", "REVIEW_HELPFULNESS_ID > {0}", "REVIEWS_HELPFULNESS", cancellationToken).ConfigureAwait(false);
            deleted["REVIEWS"] = await steps.DeleteAsync("REVIEWS", "REVIEW_ID > {0}", "REVIEWS", cancellationToken).ConfigureAwait(false);
            deleted["MEMBERSHIP"] = await steps.DeleteAsync("MEMBERSHIP", "CUSTOMERID > {0}", "CUSTOMERS", cancellationToken).ConfigureAwait(false)
                + await steps.DeleteMembershipsOfRunsAsync(cancellationToken).ConfigureAwait(false);
            deleted["CUSTOMERS"] = await steps.DeleteAsync("CUSTOMERS", "CUSTOMERID > {0}", "CUSTOMERS", cancellationToken).ConfigureAwait(false);
            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        }

        foreach (var table in Schema.Model.StoreModel.Ds3Tables.Where(t => t.IdentityColumn is not null))
        {
            await engine.ResetIdentityAsync(connection, table, added.Max(table.Name), cancellationToken).ConfigureAwait(false);
        }

        Report("(identities)", "reset", 0);
        var check = await TouchedRangeCheck.ReadAsync(engine, connection, added, changes, cancellationToken).ConfigureAwait(false);
        Report("(check)", "touched ranges read", check.Ranges.Count);
        FingerprintComparison? fingerprint = null;
        if (options.FullFingerprint)
        {
            fingerprint = await FingerprintComparison.ReadAsync(reads, info, options.FingerprintProgress, cancellationToken).ConfigureAwait(false);
            Report("(fingerprint)", "whole store read", fingerprint.Current.Tables.Sum(t => t.Rows));
        }

        return new ResetReport(deleted, restored, check, fingerprint, clock.Elapsed);

        void Report(string table, string action, long rows) => progress?.Report(new ResetStep(table, action, rows, clock.Elapsed));
    }

    /// <summary>The statements of one reset, each reported when done.</summary>
    private sealed class ResetSteps(IEngine engine, DbConnection connection, DbTransaction transaction, AddedRows added, IProgress<ResetStep>? progress, Stopwatch clock)
    {
        /// <summary>DELETE FROM table WHERE condition, <c>{0}</c> standing for the loaded maximum id of <paramref name="maxOf"/>.</summary>
        public async Task<long> DeleteAsync(string table, string condition, string? maxOf, CancellationToken cancellationToken)
        {
            var parameter = engine.Parameter("last_id");
            var sql = $"DELETE FROM {table} WHERE " + string.Format(System.Globalization.CultureInfo.InvariantCulture, condition, parameter);
            var rows = maxOf is null
                ? await StoreQueries.ExecuteAsync(engine, connection, sql, cancellationToken, transaction).ConfigureAwait(false)
                : await StoreQueries.ExecuteAsync(engine, connection, sql, cancellationToken, transaction, ("last_id", added.Max(maxOf))).ConfigureAwait(false);
            return Done(table, "deleted", rows);
        }

        /// <summary>NEW_MEMBER dates memberships today, after every loaded expiry date: a range of IX_MEMBERSHIP_EXPIREDATE.</summary>
        public async Task<long> DeleteMembershipsOfRunsAsync(CancellationToken cancellationToken)
        {
            var rows = await StoreQueries.ExecuteAsync(engine, connection, $"DELETE FROM MEMBERSHIP WHERE EXPIREDATE >= {engine.Parameter("after")}",
                cancellationToken, transaction, ("after", AddedRows.FirstRunTimeExpiry)).ConfigureAwait(false);
            return Done("MEMBERSHIP", "deleted (run-time)", rows);
        }

        public async Task<long> ByKeysAsync(string table, string action, string sql, IReadOnlyList<long> keys, CancellationToken cancellationToken, params (string Name, object Value)[] parameters) =>
            Done(table, action, await KeyBatches.ExecuteAsync(engine, connection, transaction, sql, keys, parameters, cancellationToken).ConfigureAwait(false));

        private long Done(string table, string action, long rows)
        {
            progress?.Report(new ResetStep(table, action, rows, clock.Elapsed));
            return rows;
        }
    }
}
