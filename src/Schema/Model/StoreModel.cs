using static DvdStore.Schema.Model.ColumnType;

namespace DvdStore.Schema.Model;

/// <summary>
/// The shape of the DVD store, said once for every engine (docs/ds3-compatibility.md, "The store"). Engines render it in
/// their own dialect; procedures and the re-order trigger are per-engine SQL files.
/// </summary>
public static class StoreModel
{
    public static readonly TableSpec Customers = new("CUSTOMERS",
    [
        new("CUSTOMERID", BigInt),
        new("FIRSTNAME", VarChar, 50),
        new("LASTNAME", VarChar, 50),
        new("ADDRESS1", VarChar, 50),
        new("ADDRESS2", VarChar, 50, Nullable: true),
        new("CITY", VarChar, 50),
        new("STATE", VarChar, 50, Nullable: true),
        // Text, as in DS3's PostgreSQL schema, so leading zeros survive on every engine.
        new("ZIP", VarChar, 9, Nullable: true),
        new("COUNTRY", VarChar, 50),
        new("REGION", SmallInt),
        new("EMAIL", VarChar, 50, Nullable: true),
        new("PHONE", VarChar, 50, Nullable: true),
        new("CREDITCARDTYPE", Integer),
        new("CREDITCARD", VarChar, 50),
        new("CREDITCARDEXPIRATION", VarChar, 50),
        new("USERNAME", VarChar, 50),
        new("PASSWORD", VarChar, 50),
        new("AGE", SmallInt, Nullable: true),
        new("INCOME", Integer, Nullable: true),
        new("GENDER", VarChar, 1, Nullable: true),
    ], ["CUSTOMERID"], IdentityColumn: "CUSTOMERID");

    public static readonly TableSpec Orders = new("ORDERS",
    [
        new("ORDERID", BigInt),
        new("ORDERDATE", Date),
        new("CUSTOMERID", BigInt, Nullable: true),
        new("NETAMOUNT", Money),
        new("TAX", Money),
        new("TOTALAMOUNT", Money),
    ], ["ORDERID"], IdentityColumn: "ORDERID");

    public static readonly TableSpec OrderLines = new("ORDERLINES",
    [
        new("ORDERLINEID", SmallInt),
        new("ORDERID", BigInt),
        new("PROD_ID", Integer),
        new("QUANTITY", SmallInt),
        new("ORDERDATE", Date),
    ], []);

    public static readonly TableSpec CustHist = new("CUST_HIST",
    [
        new("CUSTOMERID", BigInt),
        new("ORDERID", BigInt),
        new("PROD_ID", Integer),
    ], []);

    public static readonly TableSpec Products = new("PRODUCTS",
    [
        new("PROD_ID", Integer),
        new("CATEGORY", SmallInt, FitsInByte: true),
        new("TITLE", VarChar, 50),
        new("ACTOR", VarChar, 50),
        new("PRICE", Money),
        new("SPECIAL", SmallInt, Nullable: true, FitsInByte: true),
        new("COMMON_PROD_ID", Integer),
        new("MEMBERSHIP_ITEM", SmallInt),
    ], ["PROD_ID"]);

    public static readonly TableSpec Inventory = new("INVENTORY",
    [
        new("PROD_ID", Integer),
        new("QUAN_IN_STOCK", Integer),
        new("SALES", Integer),
    ], ["PROD_ID"]);

    public static readonly TableSpec Categories = new("CATEGORIES",
    [
        new("CATEGORY", SmallInt),
        new("CATEGORYNAME", VarChar, 50),
    ], ["CATEGORY"]);

    public static readonly TableSpec Reorder = new("REORDER",
    [
        new("PROD_ID", Integer),
        new("DATE_LOW", Date),
        new("QUAN_LOW", Integer),
        new("DATE_REORDERED", Date, Nullable: true),
        new("QUAN_REORDERED", Integer, Nullable: true),
        new("DATE_EXPECTED", Date, Nullable: true),
    ], []);

    public static readonly TableSpec Membership = new("MEMBERSHIP",
    [
        new("CUSTOMERID", BigInt),
        new("MEMBERSHIPTYPE", Integer),
        new("EXPIREDATE", Date),
    ], ["CUSTOMERID"]);

    public static readonly TableSpec Reviews = new("REVIEWS",
    [
        new("REVIEW_ID", BigInt),
        new("PROD_ID", Integer),
        new("REVIEW_DATE", Date),
        new("STARS", SmallInt),
        new("CUSTOMERID", BigInt),
        new("REVIEW_SUMMARY", VarChar, 50),
        new("REVIEW_TEXT", VarChar, 1000),
    ], ["REVIEW_ID"], IdentityColumn: "REVIEW_ID");

    public static readonly TableSpec ReviewsHelpfulness = new("REVIEWS_HELPFULNESS",
    [
        new("REVIEW_HELPFULNESS_ID", BigInt),
        new("REVIEW_ID", BigInt),
        new("CUSTOMERID", BigInt),
        new("HELPFULNESS", SmallInt),
    ], ["REVIEW_HELPFULNESS_ID"], IdentityColumn: "REVIEW_HELPFULNESS_ID");

    /// <summary>
    /// Our own bookkeeping (not in DS3): size, seed, load state and as-loaded maxima, so verify can tell a
    /// finished store from a half-built one and reset knows what "as loaded" was.
    /// </summary>
    public static readonly TableSpec StoreInfo = new("DS_STORE_INFO",
    [
        new("INFO_KEY", VarChar, 50),
        new("INFO_VALUE", VarChar, 1000),
    ], ["INFO_KEY"]);

    /// <summary>
    /// Who holds the store now (a load, a run, a reset, a drop): one row per lease. Not in <see cref="Tables"/>, so no
    /// drop takes it (a load's --drop-existing drops the store under its own lease; 'dvdstore drop' leaves it empty);
    /// made by the first process that takes a lease.
    /// </summary>
    public static readonly TableSpec StoreLease = new("DS_STORE_LEASE",
    [
        new("LEASE_KEY", VarChar, 50),
        new("LEASE_VALUE", VarChar, 1000),
    ], ["LEASE_KEY"]);

    /// <summary>INVENTORY as loaded, so reset can restore stock and sales exactly: INVENTORY's columns and key under another name.</summary>
    public static readonly TableSpec InventoryBaseline = Inventory with { Name = "DS_INVENTORY_BASELINE" };

    /// <summary>All tables in creation order (referenced tables first).</summary>
    public static readonly IReadOnlyList<TableSpec> Tables =
    [
        Customers, Orders, OrderLines, CustHist, Products, Inventory, Categories, Reorder, Membership, Reviews,
        ReviewsHelpfulness, StoreInfo, InventoryBaseline,
    ];

    /// <summary>The eleven DS3 tables (without our bookkeeping tables).</summary>
    public static readonly IReadOnlyList<TableSpec> Ds3Tables = Tables.Take(11).ToArray();

    /// <summary>DS3's sales tax: every order's TAX is this share of its NETAMOUNT, loaded and placed orders alike.</summary>
    public const decimal TaxRate = 0.0825m;

    /// <summary>The 16 categories, id → name (docs/ds3-compatibility.md, "The store").</summary>
    public static readonly IReadOnlyList<string> CategoryNames =
    [
        "Action", "Animation", "Children", "Classics", "Comedy", "Documentary", "Drama", "Family", "Foreign", "Games",
        "Horror", "Music", "New", "Sci-Fi", "Sports", "Travel",
    ];

    /// <summary>Secondary indexes, built after the load (the union of DS3's per-engine intent).</summary>
    public static readonly IReadOnlyList<IndexSpec> Indexes =
    [
        new("IX_CUST_USERNAME", "CUSTOMERS", ["USERNAME"], Unique: true),
        new("IX_CUST_HIST_CUSTOMERID", "CUST_HIST", ["CUSTOMERID"]),
        new("IX_CUST_HIST_CUSTOMERID_PRODID", "CUST_HIST", ["CUSTOMERID", "PROD_ID"]),
        new("IX_ORDER_CUSTID", "ORDERS", ["CUSTOMERID"]),
        new("IX_ORDERLINES_ORDERID", "ORDERLINES", ["ORDERID", "ORDERLINEID"], Unique: true),
        new("IX_PROD_CATEGORY", "PRODUCTS", ["CATEGORY"]),
        new("IX_PROD_SPECIAL", "PRODUCTS", ["SPECIAL"]),
        new("IX_PROD_CAT_SPECIAL", "PRODUCTS", ["CATEGORY", "SPECIAL"]),
        new("IX_PROD_MEMBERSHIP", "PRODUCTS", ["MEMBERSHIP_ITEM"]),
        // The review routines read a product's review ids and dates from the index alone and the wide review row only
        // for the batch they return (docs/engine-plans.md); on InnoDB and SQLite the key already ends with REVIEW_ID.
        new("IX_REVIEWS_PROD_ID", "REVIEWS", ["PROD_ID", "REVIEW_DATE", "REVIEW_ID"]),
        new("IX_REVIEWS_STARS", "REVIEWS", ["STARS"]),
        new("IX_REVIEWS_PRODSTARS", "REVIEWS", ["PROD_ID", "STARS", "REVIEW_ID"]),
        // Every review routine sums helpfulness per review from the index alone.
        new("IX_REVIEWS_HELP_REVID", "REVIEWS_HELPFULNESS", ["REVIEW_ID", "HELPFULNESS"]),
        new("IX_REVIEWS_HELP_CUSTID", "REVIEWS_HELPFULNESS", ["CUSTOMERID"]),
        new("IX_REORDER_PRODID", "REORDER", ["PROD_ID"]),
        // Ours, not DS3's: reset deletes added customers, and FK_REVIEWS_CUSTOMERID's check would otherwise scan
        // REVIEWS once per customer; run-time memberships (EXPIREDATE = today) are found by this range, not a scan.
        new("IX_REVIEWS_CUSTID", "REVIEWS", ["CUSTOMERID"]),
        new("IX_MEMBERSHIP_EXPIREDATE", "MEMBERSHIP", ["EXPIREDATE"]),
    ];

    /// <summary>Foreign keys, built after the load (DS3's PostgreSQL set, which has all of them).</summary>
    public static readonly IReadOnlyList<ForeignKeySpec> ForeignKeys =
    [
        new("FK_CUST_HIST_CUSTOMERID", "CUST_HIST", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", ForeignKeyAction.Cascade),
        new("FK_ORDERS_CUSTOMERID", "ORDERS", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", ForeignKeyAction.SetNull),
        new("FK_ORDERLINES_ORDERID", "ORDERLINES", "ORDERID", "ORDERS", "ORDERID", ForeignKeyAction.Cascade),
        new("FK_MEMBERSHIP_CUSTOMERID", "MEMBERSHIP", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", ForeignKeyAction.Cascade),
        new("FK_REVIEWS_PROD_ID", "REVIEWS", "PROD_ID", "PRODUCTS", "PROD_ID", ForeignKeyAction.Cascade),
        new("FK_REVIEWS_CUSTOMERID", "REVIEWS", "CUSTOMERID", "CUSTOMERS", "CUSTOMERID", ForeignKeyAction.Cascade),
        new("FK_REVIEWS_HELPFULNESS_REVIEW_ID", "REVIEWS_HELPFULNESS", "REVIEW_ID", "REVIEWS", "REVIEW_ID", ForeignKeyAction.Cascade),
    ];

    public static TableSpec Table(string name) =>
        Tables.FirstOrDefault(t => t.Name == name) ?? throw new ArgumentException($"no table {name}", nameof(name));
}
