using System.Data.Common;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// The end-of-reset check, read through keys only so it costs what the runs changed: every range a run can add to is
/// empty again (ids above the loaded maxima, run-time memberships, REORDER) and the INVENTORY rows of the products runs
/// touched equal DS_INVENTORY_BASELINE, row for row (compared by <see cref="RowHash"/>, as the fingerprint does). Runs
/// change nothing else, so this equals the whole-store fingerprint without reading the store; that full read stays
/// available (<see cref="ResetOptions.FullFingerprint"/>, <c>dvdstore fingerprint</c>).
/// </summary>
public sealed record TouchedRangeCheck(IReadOnlyList<(string Range, long Differences)> Ranges)
{
    public bool Matches => Ranges.All(r => r.Differences == 0);

    public IEnumerable<string> Differing => Ranges.Where(r => r.Differences != 0).Select(r => $"{r.Range} ({r.Differences})");

    internal static async Task<TouchedRangeCheck> ReadAsync(IEngine engine, DbConnection connection, AddedRows added, RunChanges changes, CancellationToken cancellationToken)
    {
        var ranges = new List<(string, long)>();
        var p = engine.Parameter("last_id");
        foreach (var table in new[] { "CUSTOMERS", "ORDERS", "REVIEWS", "REVIEWS_HELPFULNESS" })
        {
            var id = StoreModel.Table(table).IdentityColumn;
            await CountAsync($"{table} {id} > {added.Max(table)}", $"SELECT COUNT(*) FROM {table} WHERE {id} > {p}", ("last_id", added.Max(table))).ConfigureAwait(false);
        }

        await CountAsync($"ORDERLINES ORDERID > {added.Max("ORDERS")}", $"SELECT COUNT(*) FROM ORDERLINES WHERE ORDERID > {p}", ("last_id", added.Max("ORDERS"))).ConfigureAwait(false);
        ranges.Add(($"CUST_HIST of {changes.OrderCustomers.Count} customers, ORDERID > {added.Max("ORDERS")}", await KeyBatches.CountAsync(engine, connection,
            $"SELECT COUNT(*) FROM CUST_HIST WHERE CUSTOMERID IN ({{keys}}) AND ORDERID > {p}", changes.OrderCustomers, [("last_id", added.Max("ORDERS"))], cancellationToken).ConfigureAwait(false)));
        await CountAsync($"MEMBERSHIP CUSTOMERID > {added.Max("CUSTOMERS")}", $"SELECT COUNT(*) FROM MEMBERSHIP WHERE CUSTOMERID > {p}", ("last_id", added.Max("CUSTOMERS"))).ConfigureAwait(false);
        await CountAsync("MEMBERSHIP run-time expiry dates", $"SELECT COUNT(*) FROM MEMBERSHIP WHERE EXPIREDATE >= {engine.Parameter("after")}", ("after", AddedRows.FirstRunTimeExpiry)).ConfigureAwait(false);
        await CountAsync("REORDER", "SELECT COUNT(*) FROM REORDER").ConfigureAwait(false);
        ranges.Add(($"INVENTORY of {changes.Products.Count} products vs DS_INVENTORY_BASELINE", await InventoryDifferencesAsync(engine, connection, changes.Products, cancellationToken).ConfigureAwait(false)));
        return new TouchedRangeCheck(ranges);

        async Task CountAsync(string range, string sql, params (string Name, object Value)[] parameters) =>
            ranges.Add((range, await StoreQueries.CountAsync(engine, connection, sql, cancellationToken, parameters).ConfigureAwait(false)));
    }

    /// <summary>Touched products whose INVENTORY row is not the baseline row (a missing row on either side counts too).</summary>
    private static async Task<long> InventoryDifferencesAsync(IEngine engine, DbConnection connection, IReadOnlyList<long> products, CancellationToken cancellationToken)
    {
        var columns = StoreModel.Inventory.Columns;
        var select = string.Join(", ", columns.Select(c => c.Name));
        var now = await HashesAsync("INVENTORY").ConfigureAwait(false);
        var baseline = await HashesAsync("DS_INVENTORY_BASELINE").ConfigureAwait(false);
        return products.LongCount(id => !now.TryGetValue(id, out var a) || !baseline.TryGetValue(id, out var b) || a != b);

        async Task<Dictionary<long, ulong>> HashesAsync(string table) =>
            (await KeyBatches.ReadAsync(engine, connection, $"SELECT {select} FROM {table} WHERE PROD_ID IN ({{keys}})", products, cancellationToken).ConfigureAwait(false))
            .ToDictionary(row => Convert.ToInt64(row[0], System.Globalization.CultureInfo.InvariantCulture), row => RowHash.Of(columns, row));
    }
}
