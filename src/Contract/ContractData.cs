namespace DvdStore.Contract;

/// <summary>
/// A tiny hand-built store every engine loads through its <c>IBulkWriter</c>; the contract tests assert against
/// these exact rows. Values have each column's CLR type (short, int, long, decimal, DateTime, string) and the
/// nullable columns hold NULLs in some rows.
/// </summary>
public static class ContractData
{
    public const string Password = "password";

    /// <summary>PRODUCTS 1..10: PROD_ID → (CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM).</summary>
    public static readonly IReadOnlyList<object?[]> Products =
    [
        Product(1, 1, "ACADEMY ACADEMY", "PENELOPE GUINESS", 9.99m, 1, 2, 0),
        Product(2, 1, "ACADEMY AFRICAN", "PENELOPE AKROYD", 10.99m, 0, 1, 1),
        Product(3, 1, "AFRICAN EGG", "ED CHASE", 11.99m, 1, 4, 0),
        Product(4, 2, "AGENT TRUMAN", "JENNIFER DAVIS", 12.99m, 0, 5, 2),
        Product(5, 2, "AIRPLANE SIERRA", "JOHNNY LOLLOBRIGIDA", 13.99m, 1, 6, 0),
        Product(6, 3, "ALABAMA DEVIL", "BETTE NICHOLSON", 14.99m, null, 7, 3),
        Product(7, 1, "ALADDIN CALENDAR", "GRACE MOSTEL", 15.99m, null, 8, 0),
        Product(8, 4, "ALAMO VIDEOTAPE", "MATTHEW JOHANSSON", 16.99m, 0, 9, 0),
        Product(9, 5, "ALASKA PHANTOM", "JOE SWANK", 17.99m, 0, 10, 0),
        Product(10, 16, "CAFÉ ÜBERMENSCH", "ZOË BJÖRKMAN", 29.99m, 0, 1, 0),
    ];

    /// <summary>Stock per product: 3 has none, 4 and 5 are below the re-order level, 6 and 7 just above it.</summary>
    public static readonly IReadOnlyList<object?[]> Inventory =
    [
        Stock(1, 100, 5), Stock(2, 50, 0), Stock(3, 0, 12), Stock(4, 1, 3), Stock(5, 2, 0),
        Stock(6, 3, 1), Stock(7, 4, 0), Stock(8, 200, 40), Stock(9, 10, 2), Stock(10, 500, 0),
    ];

    /// <summary>Customers 1..4; customer 4 has NULL in every nullable column.</summary>
    public static readonly IReadOnlyList<object?[]> Customers =
    [
        Customer(1, "MARY", "SMITH", "US", 1),
        Customer(2, "PATRICIA", "JOHNSON", "US", 1),
        Customer(3, "LINDA", "WILLIAMS", "Germany", 2),
        [4L, "BARBARA", "O'NEIL", "1 Main St", null, "Springfield", null, null, "Chile", (short)2, null, null, 5, "4444333322221111", "2014/06", "user4", Password, null, null, null],
    ];

    /// <summary>Orders 1..4: customer 1 has orders 1 and 2, customer 2 has orders 3 and 4.</summary>
    public static readonly IReadOnlyList<object?[]> Orders =
    [
        [1L, Day(2013, 1, 5), 1L, 20.00m, 1.65m, 21.65m],
        [2L, Day(2013, 2, 10), 1L, 16.99m, 1.40m, 18.39m],
        [3L, Day(2013, 3, 15), 2L, 80.94m, 6.68m, 87.62m],
        [4L, Day(2013, 4, 20), null, 120.94m, 9.98m, 130.92m],
    ];

    /// <summary>Order → its products in line order (ORDERLINEID = position + 1, QUANTITY = 1).</summary>
    public static readonly IReadOnlyDictionary<long, int[]> OrderProducts = new Dictionary<long, int[]>
    {
        [1] = [1, 3],
        [2] = [8],
        [3] = [1, 2, 3, 4, 5, 6],
        [4] = [5, 6, 7, 8, 9, 10],
    };

    /// <summary>Customer of each order for CUST_HIST (order 4's ORDERS.CUSTOMERID is NULL, its history is customer 2's).</summary>
    public static readonly IReadOnlyDictionary<long, long> OrderCustomer = new Dictionary<long, long> { [1] = 1, [2] = 1, [3] = 2, [4] = 2 };

    public static readonly IReadOnlyList<object?[]> OrderLines =
        OrderProducts.SelectMany(o => o.Value.Select((p, i) => new object?[] { (short)(i + 1), o.Key, p, (short)1, OrderDate(o.Key) })).ToArray();

    public static readonly IReadOnlyList<object?[]> CustHist =
        OrderProducts.SelectMany(o => o.Value.Select(p => new object?[] { OrderCustomer[o.Key], o.Key, p })).ToArray();

    /// <summary>
    /// Reviews 1..7. Product 1: review 4 has no ratings (never returned); totals 2 → 10, 7 → 7, 1 → 5, 3 → 1;
    /// reviews 3 and 7 share a date (the later id comes first by date).
    /// </summary>
    public static readonly IReadOnlyList<object?[]> Reviews =
    [
        Review(1, 1, Day(2013, 3, 1), 5, 2, "Great", "Loved it"),
        Review(2, 1, Day(2013, 4, 1), 4, 3, "Good", "Quite good"),
        Review(3, 1, Day(2013, 5, 1), 5, 4, "Superb", "It's \"superb\" – 100% \\o/"),
        Review(4, 1, Day(2013, 6, 1), 2, 1, "Meh", "Nobody rated this one"),
        Review(5, 2, Day(2013, 1, 1), 3, 1, "Fine", "Fine film"),
        Review(6, 10, Day(2013, 2, 1), 1, 3, "Schlecht", "Überhaupt nicht gut"),
        Review(7, 1, Day(2013, 5, 1), 3, 2, "Okay", "Okay film"),
    ];

    public static readonly IReadOnlyList<object?[]> Helpfulness =
    [
        [1L, 1L, 3L, (short)3], [2L, 1L, 4L, (short)2], [3L, 2L, 1L, (short)10], [4L, 3L, 2L, (short)1],
        [5L, 5L, 2L, (short)4], [6L, 6L, 3L, (short)2], [7L, 7L, 1L, (short)7],
    ];

    /// <summary>Customer 1 is a member.</summary>
    public static readonly IReadOnlyList<object?[]> Membership = [[1L, 1, Day(2013, 12, 31)]];

    /// <summary>One REORDER row with some optional columns set and some NULL.</summary>
    public static readonly IReadOnlyList<object?[]> Reorder = [[9, Day(2013, 7, 1), 2, Day(2013, 7, 2), 100, null]];

    public static readonly IReadOnlyList<object?[]> StoreInfo =
    [
        ["size", "contract"],
        ["note", "quote ' backslash \\ percent % underscore _ ünïcødé"],
    ];

    public static readonly IReadOnlyList<object?[]> InventoryBaseline = Inventory;

    /// <summary>Every table the fixture loads (CATEGORIES comes from the Tables phase), in load order.</summary>
    public static readonly IReadOnlyList<(TableSpec Table, IReadOnlyList<object?[]> Rows)> Tables =
    [
        (StoreModel.Customers, Customers), (StoreModel.Orders, Orders), (StoreModel.OrderLines, OrderLines),
        (StoreModel.CustHist, CustHist), (StoreModel.Products, Products), (StoreModel.Inventory, Inventory),
        (StoreModel.Reorder, Reorder), (StoreModel.Membership, Membership), (StoreModel.Reviews, Reviews),
        (StoreModel.ReviewsHelpfulness, Helpfulness), (StoreModel.StoreInfo, StoreInfo),
        (StoreModel.InventoryBaseline, InventoryBaseline),
    ];

    public static string Title(int prodId) => (string)Products[prodId - 1][2]!;

    public static string Actor(int prodId) => (string)Products[prodId - 1][3]!;

    public static int CommonProdId(int prodId) => (int)Products[prodId - 1][6]!;

    public static int Stock(int prodId) => (int)Inventory[prodId - 1][1]!;

    public static int Sales(int prodId) => (int)Inventory[prodId - 1][2]!;

    public static long LastId(TableSpec table) => table.Name switch
    {
        "CUSTOMERS" => Customers.Count,
        "ORDERS" => Orders.Count,
        "REVIEWS" => Reviews.Count,
        "REVIEWS_HELPFULNESS" => Helpfulness.Count,
        _ => throw new ArgumentException($"{table.Name} has no identity column", nameof(table)),
    };

    private static DateTime Day(int year, int month, int day) => new(year, month, day);

    private static DateTime OrderDate(long orderId) => (DateTime)Orders[(int)orderId - 1][1]!;

    private static object?[] Product(int id, short category, string title, string actor, decimal price, short? special, int common, short membership) =>
        [id, category, title, actor, price, special, common, membership];

    private static object?[] Stock(int id, int stock, int sales) => [id, stock, sales];

    private static object?[] Customer(long id, string first, string last, string country, short region) =>
    [
        id, first, last, $"{id} Elm St", "Apt 1", "Dayton", "OH", "01234", country, region, $"user{id}@example.com",
        "5551234", 1, "1234567812345678", "2015/01", $"user{id}", Password, (short)30, 60000, "F",
    ];

    private static object?[] Review(long id, int prodId, DateTime date, short stars, long customerId, string summary, string text) =>
        [id, prodId, date, stars, customerId, summary, text];
}
