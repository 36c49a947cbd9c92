using System.Data.Common;
using System.Globalization;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// What earlier runs left in a store, read before a run so every measured run starts from the store as loaded: the rows
/// above the as-loaded maxima (orders, customers, reviews, ratings), the run-time memberships and the REORDER rows.
/// Everything else reset restores follows from these (order lines, customer history and the stock of the products sold
/// come only with orders). Read through <see cref="AddedRows"/>' ranges, on keys only: an as-loaded store costs a few
/// index probes at any size, a used one the rows runs added.
/// </summary>
public sealed record StoreUsage(long Orders, long Customers, long Reviews, long Ratings, long Memberships, long Reorders)
{
    /// <summary>True when no run has written to the store since it was loaded (or last reset).</summary>
    public bool AsLoaded => Orders == 0 && Customers == 0 && Reviews == 0 && Ratings == 0 && Memberships == 0 && Reorders == 0;

    /// <summary>"1,234 orders, 56 customers, 3 reviews" (what is there, or "nothing").</summary>
    public string Describe()
    {
        var parts = new (long Rows, string What)[]
        {
            (Orders, "orders"), (Customers, "customers"), (Reviews, "reviews"), (Ratings, "review ratings"),
            (Memberships, "run-time memberships"), (Reorders, "REORDER rows"),
        }.Where(static p => p.Rows != 0).Select(static p => string.Create(CultureInfo.InvariantCulture, $"{p.Rows:N0} {p.What}")).ToList();
        return parts.Count == 0 ? "nothing" : string.Join(", ", parts);
    }

    /// <summary>The store's rows above its load baseline; null when DS_STORE_INFO records no baseline (a store built by other means).</summary>
    public static async Task<StoreUsage?> ReadAsync(IEngine engine, DbConnection connection, CancellationToken cancellationToken)
    {
        var info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        var tables = new[] { "ORDERS", "CUSTOMERS", "REVIEWS", "REVIEWS_HELPFULNESS" };
        if (tables.Any(t => info.GetLong(StoreInfo.MaxKey(t)) is null))
        {
            return null;
        }

        var added = new AddedRows(engine, info);
        var above = new long[tables.Length];
        for (var i = 0; i < tables.Length; i++)
        {
            var (condition, parameters) = added.For(StoreModel.Table(tables[i]))!.Value;
            above[i] = await StoreQueries.CountAsync(engine, connection, $"SELECT COUNT(*) FROM {tables[i]} WHERE {condition}", cancellationToken, parameters).ConfigureAwait(false);
        }

        // Memberships of added customers are counted with the customers; NEW_MEMBER's run-time dates are a range of IX_MEMBERSHIP_EXPIREDATE.
        var memberships = await StoreQueries.CountAsync(engine, connection, $"SELECT COUNT(*) FROM MEMBERSHIP WHERE EXPIREDATE >= {engine.Parameter("after")}",
            cancellationToken, ("after", AddedRows.FirstRunTimeExpiry)).ConfigureAwait(false);
        var reorders = await StoreQueries.CountAsync(engine, connection, "SELECT COUNT(*) FROM REORDER", cancellationToken).ConfigureAwait(false);
        return new StoreUsage(above[0], above[1], above[2], above[3], memberships, reorders);
    }
}
