using System.Data.Common;
using System.Globalization;
using DvdStore.Loader.Pipeline;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Store;

/// <summary>
/// Checks that a store is whole and sound, with portable SQL only: the load finished (complete marker), the
/// as-loaded rows match the size model and the counts recorded at load time, ids are unique, no reference is
/// orphaned, and the invariants hold (every order line has its order, order amounts add up, lines are numbered
/// 1..n, stock never negative). Rows a driver run added are reported, not failed.
/// </summary>
public static class StoreVerifier
{
    public static Task<VerifyReport> VerifyAsync(StoreTarget target, CancellationToken cancellationToken) =>
        VerifyAsync(target, null, null, cancellationToken);

    public static Task<VerifyReport> VerifyAsync(StoreTarget target, int? parallel, IProgress<LoadProgress>? progress, CancellationToken cancellationToken) =>
        VerifyAsync(target, parallel, progress, false, cancellationToken);

    /// <summary>
    /// Verifies the store on <paramref name="target"/>, reading on <paramref name="parallel"/> connections (null:
    /// <see cref="ReadParallelism.ChooseAsync"/>'s default); <paramref name="full"/> counts even what the server's own
    /// constraints prove.
    /// </summary>
    public static async Task<VerifyReport> VerifyAsync(StoreTarget target, int? parallel, IProgress<LoadProgress>? progress, bool full, CancellationToken cancellationToken)
    {
        if (target.MissingFile() is { } file)
        {
            // Not opened: opening a missing SQLite file would create it.
            return new VerifyReport([new("store exists", false, $"no file {file}; build one with 'dvdstore load'")]);
        }

        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        var reads = (await ReadParallelism.ChooseAsync(target, connection, parallel, cancellationToken).ConfigureAwait(false)).For(target, connection);
        return await VerifyAsync(reads, progress, full, cancellationToken).ConfigureAwait(false);
    }

    public static Task<VerifyReport> VerifyAsync(StoreReads reads, IProgress<LoadProgress>? progress, CancellationToken cancellationToken) =>
        VerifyAsync(reads, progress, false, cancellationToken);

    /// <summary>
    /// Verifies the store <paramref name="reads"/> reads. A uniqueness or orphan check the server's catalog proves
    /// (<see cref="IEngine.GuaranteesAsync"/>: a valid primary key, a validated foreign key) is reported as proven,
    /// naming the constraint, and not counted, unless <paramref name="full"/>.
    /// </summary>
    public static async Task<VerifyReport> VerifyAsync(StoreReads reads, IProgress<LoadProgress>? progress, bool full, CancellationToken cancellationToken)
    {
        var (engine, connection) = (reads.Engine, reads.Connection);
        var checks = new List<VerifyCheck>();
        // A load holding the store: it is not finished, nor broken; the answer is to wait (the tables may not exist yet).
        if (await StoreLease.ReadAsync(engine, connection, cancellationToken).ConfigureAwait(false) is { Expired: false, IsLoad: true } loading)
        {
            checks.Add(new("load complete", false, $"the store is being loaded by {loading.Holder}; wait for it to finish, or once it has stopped, finish it with 'dvdstore load --resume'"));
            return new VerifyReport(checks);
        }

        if (!await engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
        {
            checks.Add(new("store exists", false, "no store tables here; build one with 'dvdstore load'"));
            return new VerifyReport(checks);
        }

        if (await StoreAdoption.AdoptIfNeededAsync(reads, cancellationToken).ConfigureAwait(false) is { } adopted)
        {
            checks.Add(new("adopted", true, adopted));
        }

        StoreInfo info;
        try
        {
            info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException e)
        {
            checks.Add(new("load complete", false, $"DS_STORE_INFO cannot be read ({e.Message.Split('\n')[0]}): a load stopped early; rebuild with 'dvdstore load --drop-existing'"));
            return new VerifyReport(checks);
        }

        if (info.State != StoreInfo.Complete)
        {
            checks.Add(new("load complete", false, $"state is '{info.State ?? "missing"}', not '{StoreInfo.Complete}': the load did not finish and no load holds the store; {StoppedLoad.Advice(info)}"));
            return new VerifyReport(checks);
        }

        var loadComplete = checks.Count;
        checks.Add(new("load complete", true, $"size {info.Get(StoreInfo.SizeKey)}, seed {info.Get(StoreInfo.SeedKey)}, finished {info.Get("load.finished")}"));
        if (!StoreSize.TryParse(info.Get(StoreInfo.SizeKey), out var size))
        {
            checks.Add(new("size", false, $"DS_STORE_INFO holds no valid size ('{info.Get(StoreInfo.SizeKey)}')"));
            return new VerifyReport(checks);
        }

        var proven = full ? ServerGuarantees.None : await engine.GuaranteesAsync(connection, cancellationToken).ConfigureAwait(false);
        var added = new AddedRows(engine, info);
        var model = RowCounts.For(size);
        var counts = new SlicedCounts(reads);
        var pending = new List<Func<VerifyCheck>>();
        var asLoaded = new List<(string Table, Func<long> Rows)>();
        // A run's order lines and history rows carry the ORDERID of an order it added, which CUST_HIST can only find by
        // reading every row (its indexes are on CUSTOMERID): at 10GB a third of verify's time. With no order above the
        // loaded ones no run added any; a row above them anyway is not as-loaded and makes the table's count differ.
        var ordersAdded = await StoreQueries.CountAsync(engine, connection, $"SELECT COUNT(*) FROM ORDERS WHERE ORDERID > {engine.Parameter("last_id")}",
            cancellationToken, ("last_id", added.Max("ORDERS"))).ConfigureAwait(false) > 0;
        foreach (var table in StoreModel.Ds3Tables)
        {
            var all = counts.Add(table, null, "SELECT COUNT(*) FROM {table} WHERE {slice}");
            int? extra = added.For(table) is { } rule && (ordersAdded || !AddedRows.FollowsOrders(table)) ? counts.Add(table, null, $"SELECT COUNT(*) FROM {{table}} WHERE {{slice}} AND ({rule.Condition})", rule.Parameters) : null;
            pending.Add(() => CountCheck(table, counts[all], extra is { } e ? counts[e] : 0, info, model) with { Time = extra is { } x ? counts.Time(all, x) : counts.Time(all) });
            asLoaded.Add((table.Name, () => counts[all] - (extra is { } e ? counts[e] : 0)));
        }

        foreach (var table in StoreModel.Ds3Tables.Where(t => t.PrimaryKey.Count == 1))
        {
            var key = table.PrimaryKey[0];
            if (proven.Unique(table.Name, key) is { } by)
            {
                pending.Add(() => Proven($"unique {table.Name}.{key}", by));
                continue;
            }

            // Slices are ranges of the key itself, so a duplicate pair always falls in one slice.
            var duplicates = counts.Add(table, null, $"SELECT COUNT(*) - COUNT(DISTINCT {key}) FROM {{table}} WHERE {{slice}}");
            pending.Add(() => new($"unique {table.Name}.{key}", counts[duplicates] == 0, counts[duplicates] == 0 ? "no duplicates" : $"{counts[duplicates]} duplicate ids", counts.Time(duplicates)));
        }

        foreach (var key in StoreModel.ForeignKeys)
        {
            var name = key.Table == "ORDERLINES" ? "every order line has its order" : $"{key.Table}.{key.Column} → {key.ReferencedTable}";
            if (proven.Reference(key.Table, key.Column, key.ReferencedTable, key.ReferencedColumn) is { } by)
            {
                pending.Add(() => Proven(name, by));
                continue;
            }

            var orphans = counts.Add(StoreModel.Table(key.Table), "C",
                $"SELECT COUNT(*) FROM {{table}} C WHERE {{slice}} AND C.{key.Column} IS NOT NULL AND NOT EXISTS " +
                $"(SELECT 1 FROM {key.ReferencedTable} P WHERE P.{key.ReferencedColumn} = C.{key.Column})");
            pending.Add(() => new(name, counts[orphans] == 0, counts[orphans] == 0 ? "no orphans" : $"{counts[orphans]} rows reference a missing {key.ReferencedTable} row", counts.Time(orphans)));
        }

        Invariant("every product has inventory", StoreModel.Products, "P", "SELECT COUNT(*) FROM {table} P WHERE {slice} AND NOT EXISTS (SELECT 1 FROM INVENTORY I WHERE I.PROD_ID = P.PROD_ID)", "products without an INVENTORY row");
        Invariant("every order has lines", StoreModel.Orders, "O", "SELECT COUNT(*) FROM {table} O WHERE {slice} AND NOT EXISTS (SELECT 1 FROM ORDERLINES L WHERE L.ORDERID = O.ORDERID)", "orders without lines");
        // Net plus the rounded tax may differ from the total (rounded from the exact sum) by one cent.
        Invariant("order totals = net + tax", StoreModel.Orders, null, "SELECT COUNT(*) FROM {table} WHERE {slice} AND (TOTALAMOUNT - NETAMOUNT - TAX > 0.011 OR TOTALAMOUNT - NETAMOUNT - TAX < -0.011)", "orders whose total is not net + tax");
        // Sliced on ORDERID, so each order's lines are grouped whole in one slice.
        Invariant("order lines numbered 1..n", StoreModel.OrderLines, null, "SELECT COUNT(*) FROM (SELECT ORDERID, COUNT(*) AS N, MIN(ORDERLINEID) AS F, MAX(ORDERLINEID) AS M FROM {table} WHERE {slice} GROUP BY ORDERID) X WHERE F <> 1 OR M <> N", "orders whose lines are not numbered 1..n");
        Invariant("stock never negative", StoreModel.Inventory, null, "SELECT COUNT(*) FROM {table} WHERE {slice} AND (QUAN_IN_STOCK < 0 OR SALES < 0)", "INVENTORY rows with negative stock or sales");

        await counts.RunAsync(progress, cancellationToken).ConfigureAwait(false);
        checks.AddRange(pending.Select(check => check()));
        // Marked complete is not whole: a table with fewer rows than its load recorded fails the load itself.
        var missing = asLoaded.Select(t => (t.Table, Rows: t.Rows(), Recorded: info.GetLong(StoreInfo.CountKey(t.Table))))
            .Where(t => t.Recorded is { } r && t.Rows < r).ToList();
        if (missing.Count > 0)
        {
            checks[loadComplete] = new("load complete", false, string.Create(CultureInfo.InvariantCulture,
                $"marked complete, but {string.Join(", ", missing.Select(t => string.Create(CultureInfo.InvariantCulture, $"{t.Table} holds {t.Rows:N0} of the {t.Recorded:N0} rows its load recorded")))}: the store is not whole; rebuild it with 'dvdstore load --drop-existing'"));
        }

        return new VerifyReport(checks);

        void Invariant(string name, TableSpec table, string? alias, string sql, string what)
        {
            var bad = counts.Add(table, alias, sql);
            pending.Add(() => new(name, counts[bad] == 0, counts[bad] == 0 ? "holds" : $"{counts[bad]} {what}", counts.Time(bad)));
        }
    }

    private static VerifyCheck Proven(string name, string by) => new(name, true, $"proven by the server's {by}; not counted (--full counts it)", ProvenBy: by);

    private static VerifyCheck CountCheck(TableSpec table, long all, long extra, StoreInfo info, RowCounts model)
    {
        var loaded = all - extra;
        var recorded = info.GetLong(StoreInfo.CountKey(table.Name));
        var note = extra > 0 ? string.Create(CultureInfo.InvariantCulture, $"; {extra} added since the load ('dvdstore reset' removes them)") : "";
        var name = $"rows {table.Name}";
        if (recorded != loaded)
        {
            return new(name, false, string.Create(CultureInfo.InvariantCulture, $"{loaded} as-loaded rows, the load recorded {recorded?.ToString(CultureInfo.InvariantCulture) ?? "none"}{note}"));
        }

        var (expected, exact) = Expected(table, model);
        var tolerance = Tolerance(table, model);
        var ok = exact ? loaded == expected : Math.Abs(loaded - expected) <= tolerance;
        var basis = exact ? "size model" : string.Create(CultureInfo.InvariantCulture, $"size model ±{tolerance:F0}");
        return new(name, ok, string.Create(CultureInfo.InvariantCulture, $"{loaded} ({basis}: {expected:F0}){note}"));
    }

    /// <summary>
    /// How far a drawn count may be from its expectation: 1% (DS3's own sets land within it from 10MB up), or four
    /// standard deviations of the sum of the draws where that is wider (a 1MB store's 1,200 orders give ±1.5% at 1σ).
    /// </summary>
    internal static double Tolerance(TableSpec table, RowCounts model)
    {
        var (expected, _) = Expected(table, model);
        var sigma = table.Name switch
        {
            // Var U(1,9) = (9² − 1) / 12; Var U(3,40) = (38² − 1) / 12.
            "ORDERLINES" or "CUST_HIST" => Math.Sqrt(model.Orders * 80.0 / 12),
            "REVIEWS_HELPFULNESS" => Math.Sqrt(model.Reviews * 1443.0 / 12),
            _ => 0,
        };
        return Math.Max(expected * 0.01, 4 * sigma);
    }

    /// <summary>The size model's count for a table, and whether it is exact (fixed) or an expectation (random draws).</summary>
    internal static (double Expected, bool Exact) Expected(TableSpec table, RowCounts model) => table.Name switch
    {
        "CUSTOMERS" => (model.Customers, true),
        "ORDERS" => (model.Orders, true),
        "ORDERLINES" or "CUST_HIST" => (model.ExpectedOrderLines, false),
        "PRODUCTS" or "INVENTORY" => (model.Products, true),
        "CATEGORIES" => (RowCounts.Categories, true),
        "REORDER" => (0, true),
        "MEMBERSHIP" => (model.Members, true),
        "REVIEWS" => (model.Reviews, true),
        "REVIEWS_HELPFULNESS" => (model.ExpectedHelpfulness, false),
        _ => throw new ArgumentException($"no size model for {table.Name}", nameof(table)),
    };
}
