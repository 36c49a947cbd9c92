namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// The statements that stand in for DS3's stored procedures on SQLite, which has none. <see cref="SqliteStoreCommands"/>
/// runs them as parameterised commands, prepared once per connection; <see cref="SqliteEngine.RenderDdl"/> prints them
/// for review. Dates are 'YYYY-MM-DD' text; date('now') is the current UTC date.
/// </summary>
public static class SqliteProcedures
{
    public const string LoginCustomer =
        "SELECT CUSTOMERID FROM CUSTOMERS WHERE USERNAME = @username AND PASSWORD = @password";

    /// <summary>The customer's history: newest orders first (within an order by PROD_ID, as on every engine), at most 10 rows, with the COMMON_PROD_ID product's title ('' when there is none).</summary>
    public const string LoginHistory = """
        SELECT P.TITLE, P.ACTOR, COALESCE(R.TITLE, '')
        FROM CUST_HIST H
        JOIN PRODUCTS P ON P.PROD_ID = H.PROD_ID
        LEFT JOIN PRODUCTS R ON R.PROD_ID = P.COMMON_PROD_ID
        WHERE H.CUSTOMERID = @customerid
        ORDER BY H.ORDERID DESC, H.PROD_ID
        LIMIT 10
        """;

    /// <summary>Inserts only when the user name is free; returns the new id, or no row when taken. One write statement is one transaction that takes the write lock before it reads, so two users cannot both pass the check.</summary>
    public const string NewCustomer = """
        INSERT INTO CUSTOMERS (FIRSTNAME, LASTNAME, ADDRESS1, ADDRESS2, CITY, STATE, ZIP, COUNTRY, REGION, EMAIL, PHONE,
          CREDITCARDTYPE, CREDITCARD, CREDITCARDEXPIRATION, USERNAME, PASSWORD, AGE, INCOME, GENDER)
        SELECT @firstname, @lastname, @address1, @address2, @city, @state, @zip, @country, @region, @email, @phone,
          @creditcardtype, @creditcard, @creditcardexpiration, @username, @password, @age, @income, @gender
        WHERE NOT EXISTS (SELECT 1 FROM CUSTOMERS WHERE USERNAME = @username)
        RETURNING CUSTOMERID
        """;

    /// <summary>Inserts only when not yet a member; returns the customer id, or no row when already one.</summary>
    public const string NewMember = """
        INSERT INTO MEMBERSHIP (CUSTOMERID, MEMBERSHIPTYPE, EXPIREDATE)
        SELECT @customerid, @membershiptype, date('now')
        WHERE NOT EXISTS (SELECT 1 FROM MEMBERSHIP WHERE CUSTOMERID = @customerid)
        RETURNING CUSTOMERID
        """;

    public const string BrowseByCategory = """
        SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
        FROM PRODUCTS
        WHERE CATEGORY = @category AND SPECIAL = 1
        LIMIT @batch_size
        """;

    /// <summary>BROWSE_BY_ACTOR and BROWSE_BY_TITLE: @query is a column-filtered FTS5 query (see <see cref="SqliteFullTextQuery"/>).</summary>
    public const string BrowseByFullText = """
        SELECT P.PROD_ID, P.CATEGORY, P.TITLE, P.ACTOR, P.PRICE, P.SPECIAL, P.COMMON_PROD_ID, P.MEMBERSHIP_ITEM
        FROM PRODUCTS_FTS F
        JOIN PRODUCTS P ON P.PROD_ID = F.rowid
        WHERE PRODUCTS_FTS MATCH @query
        LIMIT @batch_size
        """;

    /// <summary>The product's rated reviews, most helpful first (ties: lower REVIEW_ID). Sums come from the covering IX_REVIEWS_HELP_REVID; only the narrow (id, total) rows are sorted, then the chosen ones are joined to the wide columns.</summary>
    public static readonly string GetProdReviews = RatedReviews("", "", "TOTAL DESC, K.REVIEW_ID", "T.TOTAL DESC, T.REVIEW_ID");

    /// <summary>As <see cref="GetProdReviews"/>, only reviews with @stars stars.</summary>
    public static readonly string GetProdReviewsByStars = RatedReviews(" AND K.STARS = @stars", "", "TOTAL DESC, K.REVIEW_ID", "T.TOTAL DESC, T.REVIEW_ID");

    /// <summary>As <see cref="GetProdReviews"/>, newest first (ties: higher REVIEW_ID).</summary>
    public static readonly string GetProdReviewsByDate =
        RatedReviews("", "K.REVIEW_DATE, ", "K.REVIEW_DATE DESC, K.REVIEW_ID DESC", "T.REVIEW_DATE DESC, T.REVIEW_ID DESC");

    /// <summary>
    /// The product's rated reviews (<paramref name="filter"/> added to the product's): the narrow rows (id,
    /// <paramref name="sortColumns"/>, total) sorted by <paramref name="order"/> and cut to @batch_size, then joined to
    /// the wide columns and sorted again by <paramref name="outerOrder"/> (the same key on the narrow rows).
    /// </summary>
    private static string RatedReviews(string filter, string sortColumns, string order, string outerOrder) => $"""
        SELECT R.REVIEW_ID, R.PROD_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY, R.REVIEW_TEXT, T.TOTAL
        FROM (SELECT K.REVIEW_ID, {sortColumns}SUM(H.HELPFULNESS) AS TOTAL
              FROM REVIEWS K
              JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = K.REVIEW_ID
              WHERE K.PROD_ID = @prod_id{filter}
              GROUP BY K.REVIEW_ID
              ORDER BY {order}
              LIMIT @batch_size) T
        JOIN REVIEWS R ON R.REVIEW_ID = T.REVIEW_ID
        ORDER BY {outerOrder}
        """;

    /// <summary>
    /// GET_PROD_REVIEWS_BY_ACTOR and _BY_TITLE. DS3 caps the work at 500 (product, review) pairs; which 500 is fixed
    /// the same way on every engine (docs/ds3-compatibility.md): the first 500 matching products by PROD_ID, then the
    /// first 500 of their reviews by (PROD_ID, REVIEW_ID). The rated ones, most helpful first; only ids and sums are sorted.
    /// </summary>
    public const string GetProdReviewsByFullText = """
        WITH MATCHED AS (
          SELECT F.rowid AS PROD_ID FROM PRODUCTS_FTS F WHERE PRODUCTS_FTS MATCH @query ORDER BY F.rowid LIMIT 500
        ),
        PAIRS AS (
          SELECT K.PROD_ID, K.REVIEW_ID
          FROM MATCHED M
          JOIN REVIEWS K ON K.PROD_ID = M.PROD_ID
          ORDER BY K.PROD_ID, K.REVIEW_ID
          LIMIT 500
        ),
        CHOSEN AS (
          SELECT PAIRS.PROD_ID, PAIRS.REVIEW_ID, SUM(H.HELPFULNESS) AS TOTAL
          FROM PAIRS
          JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = PAIRS.REVIEW_ID
          GROUP BY PAIRS.REVIEW_ID
          ORDER BY TOTAL DESC, PAIRS.REVIEW_ID
          LIMIT @batch_size
        )
        SELECT P.PROD_ID, P.TITLE, P.ACTOR, R.REVIEW_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY, R.REVIEW_TEXT,
          CHOSEN.TOTAL
        FROM CHOSEN
        JOIN REVIEWS R ON R.REVIEW_ID = CHOSEN.REVIEW_ID
        JOIN PRODUCTS P ON P.PROD_ID = CHOSEN.PROD_ID
        ORDER BY CHOSEN.TOTAL DESC, CHOSEN.REVIEW_ID
        """;

    public const string NewProdReview = """
        INSERT INTO REVIEWS (PROD_ID, REVIEW_DATE, STARS, CUSTOMERID, REVIEW_SUMMARY, REVIEW_TEXT)
        VALUES (@prod_id, date('now'), @stars, @customerid, @review_summary, @review_text)
        RETURNING REVIEW_ID
        """;

    public const string NewReviewHelpfulness = """
        INSERT INTO REVIEWS_HELPFULNESS (REVIEW_ID, CUSTOMERID, HELPFULNESS)
        VALUES (@review_id, @customerid, @helpfulness)
        RETURNING REVIEW_HELPFULNESS_ID
        """;

    /// <summary>The untimed price lookup, for up to <see cref="PriceBatch"/> ids (unused slots bound to NULL match nothing).</summary>
    public static readonly string GetPrices =
        $"SELECT PROD_ID, PRICE FROM PRODUCTS WHERE PROD_ID IN ({string.Join(", ", Enumerable.Range(0, PriceBatch).Select(i => $"@prod_id{i}"))})";

    public const int PriceBatch = 10;

    /// <summary>PURCHASE step 1, inside BEGIN IMMEDIATE (the write lock first, so no reader-to-writer upgrade can fail with SQLITE_BUSY).</summary>
    public const string PurchaseOrder = """
        INSERT INTO ORDERS (ORDERDATE, CUSTOMERID, NETAMOUNT, TAX, TOTALAMOUNT)
        VALUES (date('now'), @customerid, @netamount, @taxamount, @totalamount)
        RETURNING ORDERID
        """;

    /// <summary>PURCHASE step 2, per item in ascending PROD_ID: takes the stock only if there is enough; 0 rows changed → roll back.</summary>
    public const string PurchaseStock = """
        UPDATE INVENTORY SET QUAN_IN_STOCK = QUAN_IN_STOCK - @quantity, SALES = SALES + @quantity
        WHERE PROD_ID = @prod_id AND QUAN_IN_STOCK >= @quantity
        """;

    /// <summary>PURCHASE step 3, per item: ORDERLINEID is the item's 1-based position in the request.</summary>
    public const string PurchaseLine = """
        INSERT INTO ORDERLINES (ORDERLINEID, ORDERID, PROD_ID, QUANTITY, ORDERDATE)
        VALUES (@orderlineid, @orderid, @prod_id, @quantity, date('now'))
        """;

    public const string PurchaseHistory = "INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID) VALUES (@customerid, @orderid, @prod_id)";

    /// <summary>Every statement, named after the DS3 procedure (and step) it implements, in DS3's order.</summary>
    public static IReadOnlyList<(string Name, string Sql)> All =>
    [
        ("LOGIN (customer)", LoginCustomer),
        ("LOGIN (history)", LoginHistory),
        ("NEW_CUSTOMER", NewCustomer),
        ("NEW_MEMBER", NewMember),
        ("BROWSE_BY_CATEGORY", BrowseByCategory),
        ("BROWSE_BY_ACTOR / BROWSE_BY_TITLE", BrowseByFullText),
        ("GET_PROD_REVIEWS", GetProdReviews),
        ("GET_PROD_REVIEWS_BY_STARS", GetProdReviewsByStars),
        ("GET_PROD_REVIEWS_BY_DATE", GetProdReviewsByDate),
        ("GET_PROD_REVIEWS_BY_ACTOR / GET_PROD_REVIEWS_BY_TITLE", GetProdReviewsByFullText),
        ("NEW_PROD_REVIEW", NewProdReview),
        ("NEW_REVIEW_HELPFULNESS", NewReviewHelpfulness),
        ("price lookup", GetPrices),
        ("PURCHASE (order)", PurchaseOrder),
        ("PURCHASE (stock, per item)", PurchaseStock),
        ("PURCHASE (order line, per item)", PurchaseLine),
        ("PURCHASE (customer history, per item)", PurchaseHistory),
    ];
}
