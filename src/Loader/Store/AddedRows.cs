using DvdStore.Loader.Generation;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// Which rows of each DS3 table a driver run added after the load (DS3's cleanup rule, made complete): ids above
/// the as-loaded maxima recorded in DS_STORE_INFO, memberships dated after the loaded range (NEW_MEMBER writes
/// today's date) or of added customers, and every REORDER row. PRODUCTS, INVENTORY and CATEGORIES never grow.
/// </summary>
internal sealed class AddedRows(IEngine engine, StoreInfo info)
{
    /// <summary>Loaded membership expiry dates are 15ths of 2015–2019; run-time ones are later.</summary>
    public static readonly DateTime FirstRunTimeExpiry = MembershipRows.LastLoadedExpiry.AddDays(17);

    /// <summary>The WHERE condition (without WHERE) that selects added rows, with its parameters; null when the table never grows.</summary>
    public (string Condition, (string Name, object Value)[] Parameters)? For(TableSpec table)
    {
        var p = engine.Parameter("last_id");
        return table.Name switch
        {
            "CUSTOMERS" or "ORDERS" or "REVIEWS" or "REVIEWS_HELPFULNESS" => ($"{table.IdentityColumn} > {p}", [("last_id", Max(table.Name))]),
            _ when FollowsOrders(table) => ($"ORDERID > {p}", [("last_id", Max("ORDERS"))]),
            "MEMBERSHIP" => ($"CUSTOMERID > {p} OR EXPIREDATE >= {engine.Parameter("after")}", [("last_id", Max("CUSTOMERS")), ("after", FirstRunTimeExpiry)]),
            "REORDER" => ("1 = 1", []),
            _ => null,
        };
    }

    /// <summary>A table whose added rows are the lines and history of added orders (ORDERID above the loaded ones).</summary>
    public static bool FollowsOrders(TableSpec table) => table.Name is "ORDERLINES" or "CUST_HIST";

    public long Max(string table) => info.GetLong(StoreInfo.MaxKey(table))
        ?? throw new InvalidOperationException($"DS_STORE_INFO has no {StoreInfo.MaxKey(table)}: the store was not loaded to the end");
}
