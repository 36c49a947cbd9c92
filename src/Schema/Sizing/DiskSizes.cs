using System.Collections.Frozen;
using DvdStore.Schema.Engines;

namespace DvdStore.Schema.Sizing;

/// <summary>
/// What a store takes on disk, per engine: bytes per row of each DS3 table with its primary key, indexes and (SQLite)
/// full-text tables, measured after a load on this kit (docs/real-sizes.md: SQLite's dbstat, PostgreSQL's
/// pg_total_relation_size, MariaDB's data_length + index_length, each ÷ the table's rows), times the size model's row
/// counts. The reviews and their ~20 ratings each are most of every store: DS3's row counts, not its nominal size,
/// decide the disk. Null for an engine not measured here (SQL Server, Oracle cannot run on the kit's machine).
/// </summary>
public static class DiskSizes
{
    // Measured at 10MB (SQLite, PostgreSQL 15, MariaDB; default page sizes and fill factors; INVENTORY with DS_INVENTORY_BASELINE).
    private static readonly FrozenDictionary<EngineKind, FrozenDictionary<string, double>> BytesPerRow = new Dictionary<EngineKind, FrozenDictionary<string, double>>
    {
        [EngineKind.Sqlite] = Table(customers: 174.9, orders: 59.4, orderLines: 39.8, custHist: 40.0, products: 122.9, inventory: 24.6, membership: 43.0, reviews: 536.4, helpfulness: 42.2),
        [EngineKind.PostgreSql] = Table(customers: 259.7, orders: 126.3, orderLines: 92.9, custHist: 95.6, products: 175.3, inventory: 153.2, membership: 110.6, reviews: 600.6, helpfulness: 109.0),
        [EngineKind.MySql] = Table(customers: 261.3, orders: 157.0, orderLines: 62.1, custHist: 133.4, products: 235.9, inventory: 72.1, membership: 81.9, reviews: 596.1, helpfulness: 95.9),
    }.ToFrozenDictionary();

    /// <summary>The bytes a store of <paramref name="size"/> is expected to take on <paramref name="engine"/>, or null where not measured.</summary>
    public static long? Expected(EngineKind engine, StoreSize size)
    {
        if (!BytesPerRow.TryGetValue(engine, out var perRow))
        {
            return null;
        }

        var rows = RowCounts.For(size);
        return (long)(perRow["CUSTOMERS"] * rows.Customers + perRow["ORDERS"] * rows.Orders
            + perRow["ORDERLINES"] * rows.ExpectedOrderLines + perRow["CUST_HIST"] * rows.ExpectedOrderLines
            + perRow["PRODUCTS"] * rows.Products + perRow["INVENTORY"] * rows.Inventory + perRow["MEMBERSHIP"] * rows.Members
            + perRow["REVIEWS"] * rows.Reviews + perRow["REVIEWS_HELPFULNESS"] * rows.ExpectedHelpfulness);
    }

    /// <summary>A byte count for people: "279 MB", "5.6 GB", "1.2 TB".</summary>
    public static string Format(long bytes) => bytes switch
    {
        >= 1_000_000_000_000 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1e12:0.#} TB"),
        >= 1_000_000_000 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1e9:0.#} GB"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1e6:0} MB"),
    };

    private static FrozenDictionary<string, double> Table(double customers, double orders, double orderLines, double custHist, double products,
        double inventory, double membership, double reviews, double helpfulness) => new Dictionary<string, double>(StringComparer.Ordinal)
        {
            ["CUSTOMERS"] = customers,
            ["ORDERS"] = orders,
            ["ORDERLINES"] = orderLines,
            ["CUST_HIST"] = custHist,
            ["PRODUCTS"] = products,
            ["INVENTORY"] = inventory,
            ["MEMBERSHIP"] = membership,
            ["REVIEWS"] = reviews,
            ["REVIEWS_HELPFULNESS"] = helpfulness,
        }.ToFrozenDictionary(StringComparer.Ordinal);
}
