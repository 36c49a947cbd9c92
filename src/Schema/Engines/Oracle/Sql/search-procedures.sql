-- The DS3 search procedures on Oracle (docs/ds3-compatibility.md, "How DS3's drivers call the store"): batch_size IN, found OUT, the key(s) IN, then one
-- DS3_TYPES associative array OUT per result column, in DS3's order, filled by BULK COLLECT from element 1; found = the
-- number of rows (0 when none, never NULL). Row choice and order are the kit's, the same on every engine
-- (docs/ds3-compatibility.md).

-- BROWSE_BY_CATEGORY: up to batch_size specials of the category, all PRODUCTS columns.
CREATE OR REPLACE PROCEDURE BROWSE_BY_CATEGORY (
    batch_size IN INTEGER,
    found OUT INTEGER,
    category_in IN INTEGER,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    category_out OUT DS3_TYPES.N_TYPE,
    title_out OUT DS3_TYPES.ARRAY_TYPE,
    actor_out OUT DS3_TYPES.ARRAY_TYPE,
    price_out OUT DS3_TYPES.N_TYPE,
    special_out OUT DS3_TYPES.N_TYPE,
    common_prod_id_out OUT DS3_TYPES.N_TYPE,
    membership_item_out OUT DS3_TYPES.N_TYPE)
AS
BEGIN
    found := 0;
    SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    BULK COLLECT INTO prod_id_out, category_out, title_out, actor_out, price_out, special_out, common_prod_id_out,
        membership_item_out
    FROM PRODUCTS
    WHERE CATEGORY = category_in AND SPECIAL = 1
    FETCH FIRST batch_size ROWS ONLY;
    found := prod_id_out.COUNT;
END BROWSE_BY_CATEGORY;
/

-- BROWSE_BY_ACTOR: up to batch_size products whose ACTOR contains all the given words (Oracle Text IX_ACTOR_TEXT).
CREATE OR REPLACE PROCEDURE BROWSE_BY_ACTOR (
    batch_size IN INTEGER,
    found OUT INTEGER,
    actor_in IN VARCHAR2,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    category_out OUT DS3_TYPES.N_TYPE,
    title_out OUT DS3_TYPES.ARRAY_TYPE,
    actor_out OUT DS3_TYPES.ARRAY_TYPE,
    price_out OUT DS3_TYPES.N_TYPE,
    special_out OUT DS3_TYPES.N_TYPE,
    common_prod_id_out OUT DS3_TYPES.N_TYPE,
    membership_item_out OUT DS3_TYPES.N_TYPE)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(actor_in);
BEGIN
    found := 0;
    IF text_query IS NOT NULL THEN
        SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
        BULK COLLECT INTO prod_id_out, category_out, title_out, actor_out, price_out, special_out, common_prod_id_out,
            membership_item_out
        FROM PRODUCTS
        WHERE CONTAINS(ACTOR, text_query) > 0
        FETCH FIRST batch_size ROWS ONLY;
        found := prod_id_out.COUNT;
    END IF;
END BROWSE_BY_ACTOR;
/

-- BROWSE_BY_TITLE: up to batch_size products whose TITLE contains all the given words (Oracle Text IX_TITLE_TEXT).
CREATE OR REPLACE PROCEDURE BROWSE_BY_TITLE (
    batch_size IN INTEGER,
    found OUT INTEGER,
    title_in IN VARCHAR2,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    category_out OUT DS3_TYPES.N_TYPE,
    title_out OUT DS3_TYPES.ARRAY_TYPE,
    actor_out OUT DS3_TYPES.ARRAY_TYPE,
    price_out OUT DS3_TYPES.N_TYPE,
    special_out OUT DS3_TYPES.N_TYPE,
    common_prod_id_out OUT DS3_TYPES.N_TYPE,
    membership_item_out OUT DS3_TYPES.N_TYPE)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(title_in);
BEGIN
    found := 0;
    IF text_query IS NOT NULL THEN
        SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
        BULK COLLECT INTO prod_id_out, category_out, title_out, actor_out, price_out, special_out, common_prod_id_out,
            membership_item_out
        FROM PRODUCTS
        WHERE CONTAINS(TITLE, text_query) > 0
        FETCH FIRST batch_size ROWS ONLY;
        found := prod_id_out.COUNT;
    END IF;
END BROWSE_BY_TITLE;
/

-- GET_PROD_REVIEWS: the product's rated reviews with the sum of their helpfulness, most helpful first (ties: lower
-- REVIEW_ID). Only narrow (id, total) rows are grouped and sorted; the wide columns are read for the chosen reviews.
-- Expected plan (docs/engine-plans.md): INDEX RANGE SCAN IX_REVIEWS_PROD_ID -> NESTED LOOPS -> INDEX RANGE SCAN
--   IX_REVIEWS_HELP_REVID (REVIEW_ID, HELPFULNESS: covering) -> HASH/SORT GROUP BY -> SORT ORDER BY STOPKEY (narrow)
--   -> NESTED LOOPS -> TABLE ACCESS BY INDEX ROWID REVIEWS (PK_REVIEWS) for the batch_size chosen.
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS (
    batch_size IN INTEGER,
    found OUT INTEGER,
    prod_in IN INTEGER,
    review_id_out OUT DS3_TYPES.N_TYPE,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    review_date_out OUT DS3_TYPES.ARRAY_TYPE,
    review_stars_out OUT DS3_TYPES.N_TYPE,
    review_customerid_out OUT DS3_TYPES.N_TYPE,
    review_summary_out OUT DS3_TYPES.ARRAY_TYPE,
    review_text_out OUT DS3_TYPES.LONG_ARRAY_TYPE,
    review_helpfulness_sum_out OUT DS3_TYPES.N_TYPE)
AS
BEGIN
    found := 0;
    SELECT r.REVIEW_ID, r.PROD_ID, TO_CHAR(r.REVIEW_DATE, 'YYYY-MM-DD'), r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        t.TOTAL
    BULK COLLECT INTO review_id_out, prod_id_out, review_date_out, review_stars_out, review_customerid_out, review_summary_out,
        review_text_out, review_helpfulness_sum_out
    FROM (SELECT k.REVIEW_ID, SUM(h.HELPFULNESS) AS TOTAL
          FROM REVIEWS k
          INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = k.REVIEW_ID
          WHERE k.PROD_ID = prod_in
          GROUP BY k.REVIEW_ID
          ORDER BY TOTAL DESC, k.REVIEW_ID
          FETCH FIRST batch_size ROWS ONLY) t
    INNER JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
    ORDER BY t.TOTAL DESC, t.REVIEW_ID;
    found := review_id_out.COUNT;
END GET_PROD_REVIEWS;
/

-- GET_PROD_REVIEWS_BY_STARS: as GET_PROD_REVIEWS, only reviews with stars_in stars (IX_REVIEWS_PRODSTARS).
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_STARS (
    batch_size IN INTEGER,
    found OUT INTEGER,
    prod_in IN INTEGER,
    stars_in IN INTEGER,
    review_id_out OUT DS3_TYPES.N_TYPE,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    review_date_out OUT DS3_TYPES.ARRAY_TYPE,
    review_stars_out OUT DS3_TYPES.N_TYPE,
    review_customerid_out OUT DS3_TYPES.N_TYPE,
    review_summary_out OUT DS3_TYPES.ARRAY_TYPE,
    review_text_out OUT DS3_TYPES.LONG_ARRAY_TYPE,
    review_helpfulness_sum_out OUT DS3_TYPES.N_TYPE)
AS
BEGIN
    found := 0;
    SELECT r.REVIEW_ID, r.PROD_ID, TO_CHAR(r.REVIEW_DATE, 'YYYY-MM-DD'), r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        t.TOTAL
    BULK COLLECT INTO review_id_out, prod_id_out, review_date_out, review_stars_out, review_customerid_out, review_summary_out,
        review_text_out, review_helpfulness_sum_out
    FROM (SELECT k.REVIEW_ID, SUM(h.HELPFULNESS) AS TOTAL
          FROM REVIEWS k
          INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = k.REVIEW_ID
          WHERE k.PROD_ID = prod_in AND k.STARS = stars_in
          GROUP BY k.REVIEW_ID
          ORDER BY TOTAL DESC, k.REVIEW_ID
          FETCH FIRST batch_size ROWS ONLY) t
    INNER JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
    ORDER BY t.TOTAL DESC, t.REVIEW_ID;
    found := review_id_out.COUNT;
END GET_PROD_REVIEWS_BY_STARS;
/

-- GET_PROD_REVIEWS_BY_DATE: the product's rated reviews, newest first (one query, not DS3 Oracle's N+1 sums).
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_DATE (
    batch_size IN INTEGER,
    found OUT INTEGER,
    prod_in IN INTEGER,
    review_id_out OUT DS3_TYPES.N_TYPE,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    review_date_out OUT DS3_TYPES.ARRAY_TYPE,
    review_stars_out OUT DS3_TYPES.N_TYPE,
    review_customerid_out OUT DS3_TYPES.N_TYPE,
    review_summary_out OUT DS3_TYPES.ARRAY_TYPE,
    review_text_out OUT DS3_TYPES.LONG_ARRAY_TYPE,
    review_helpfulness_sum_out OUT DS3_TYPES.N_TYPE)
AS
BEGIN
    found := 0;
    SELECT r.REVIEW_ID, r.PROD_ID, TO_CHAR(r.REVIEW_DATE, 'YYYY-MM-DD'), r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        t.TOTAL
    BULK COLLECT INTO review_id_out, prod_id_out, review_date_out, review_stars_out, review_customerid_out, review_summary_out,
        review_text_out, review_helpfulness_sum_out
    FROM (SELECT k.REVIEW_ID, k.REVIEW_DATE, SUM(h.HELPFULNESS) AS TOTAL
          FROM REVIEWS k
          INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = k.REVIEW_ID
          WHERE k.PROD_ID = prod_in
          GROUP BY k.REVIEW_ID, k.REVIEW_DATE
          ORDER BY k.REVIEW_DATE DESC, k.REVIEW_ID DESC
          FETCH FIRST batch_size ROWS ONLY) t
    INNER JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
    ORDER BY t.REVIEW_DATE DESC, t.REVIEW_ID DESC;
    found := review_id_out.COUNT;
END GET_PROD_REVIEWS_BY_DATE;
/

-- GET_PROD_REVIEWS_BY_ACTOR: reviews of products whose ACTOR contains all the words, most helpful first, in DS3
-- Oracle's column order (TITLE, ACTOR, REVIEW_ID, PROD_ID, ...). DS3 caps the work at 500 (product, review) pairs; which
-- 500 is fixed the same way on every engine (docs/ds3-compatibility.md): the first 500 matching products by PROD_ID,
-- then the first 500 of their reviews by (PROD_ID, REVIEW_ID). Only ids and sums are sorted.
-- Expected plan: DOMAIN INDEX IX_PROD_ACTOR (CONTAINS) -> SORT ORDER BY STOPKEY (PROD_IDs) -> NESTED LOOPS -> INDEX
--   RANGE SCAN IX_REVIEWS_PROD_ID (PROD_ID, REVIEW_ID) -> SORT ORDER BY STOPKEY (500 narrow pairs) -> NESTED LOOPS ->
--   INDEX RANGE SCAN IX_REVIEWS_HELP_REVID (covering) -> GROUP BY -> SORT ORDER BY STOPKEY -> PK lookups.
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_ACTOR (
    batch_size IN INTEGER,
    found OUT INTEGER,
    actor_in IN VARCHAR2,
    title_out OUT DS3_TYPES.ARRAY_TYPE,
    actor_out OUT DS3_TYPES.ARRAY_TYPE,
    review_id_out OUT DS3_TYPES.N_TYPE,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    review_date_out OUT DS3_TYPES.ARRAY_TYPE,
    review_stars_out OUT DS3_TYPES.N_TYPE,
    review_customerid_out OUT DS3_TYPES.N_TYPE,
    review_summary_out OUT DS3_TYPES.ARRAY_TYPE,
    review_text_out OUT DS3_TYPES.LONG_ARRAY_TYPE,
    review_helpfulness_sum_out OUT DS3_TYPES.N_TYPE)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(actor_in);
BEGIN
    found := 0;
    IF text_query IS NOT NULL THEN
        WITH MATCHED AS (
            SELECT f.PROD_ID
            FROM PRODUCTS f
            WHERE CONTAINS(f.ACTOR, text_query) > 0
            ORDER BY f.PROD_ID
            FETCH FIRST 500 ROWS ONLY
        ),
        PAIRS AS (
            SELECT k.PROD_ID, k.REVIEW_ID
            FROM MATCHED m
            INNER JOIN REVIEWS k ON k.PROD_ID = m.PROD_ID
            ORDER BY k.PROD_ID, k.REVIEW_ID
            FETCH FIRST 500 ROWS ONLY
        ),
        CHOSEN AS (
            SELECT pr.PROD_ID, pr.REVIEW_ID, SUM(h.HELPFULNESS) AS TOTAL
            FROM PAIRS pr
            INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = pr.REVIEW_ID
            GROUP BY pr.PROD_ID, pr.REVIEW_ID
            ORDER BY TOTAL DESC, pr.REVIEW_ID
            FETCH FIRST batch_size ROWS ONLY
        )
        SELECT p.TITLE, p.ACTOR, r.REVIEW_ID, p.PROD_ID, TO_CHAR(r.REVIEW_DATE, 'YYYY-MM-DD'), r.STARS, r.CUSTOMERID,
            r.REVIEW_SUMMARY, r.REVIEW_TEXT, c.TOTAL
        BULK COLLECT INTO title_out, actor_out, review_id_out, prod_id_out, review_date_out, review_stars_out,
            review_customerid_out, review_summary_out, review_text_out, review_helpfulness_sum_out
        FROM CHOSEN c
        INNER JOIN REVIEWS r ON r.REVIEW_ID = c.REVIEW_ID
        INNER JOIN PRODUCTS p ON p.PROD_ID = c.PROD_ID
        ORDER BY c.TOTAL DESC, c.REVIEW_ID;
        found := review_id_out.COUNT;
    END IF;
END GET_PROD_REVIEWS_BY_ACTOR;
/

-- GET_PROD_REVIEWS_BY_TITLE: as GET_PROD_REVIEWS_BY_ACTOR on TITLE.
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_TITLE (
    batch_size IN INTEGER,
    found OUT INTEGER,
    title_in IN VARCHAR2,
    title_out OUT DS3_TYPES.ARRAY_TYPE,
    actor_out OUT DS3_TYPES.ARRAY_TYPE,
    review_id_out OUT DS3_TYPES.N_TYPE,
    prod_id_out OUT DS3_TYPES.N_TYPE,
    review_date_out OUT DS3_TYPES.ARRAY_TYPE,
    review_stars_out OUT DS3_TYPES.N_TYPE,
    review_customerid_out OUT DS3_TYPES.N_TYPE,
    review_summary_out OUT DS3_TYPES.ARRAY_TYPE,
    review_text_out OUT DS3_TYPES.LONG_ARRAY_TYPE,
    review_helpfulness_sum_out OUT DS3_TYPES.N_TYPE)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(title_in);
BEGIN
    found := 0;
    IF text_query IS NOT NULL THEN
        WITH MATCHED AS (
            SELECT f.PROD_ID
            FROM PRODUCTS f
            WHERE CONTAINS(f.TITLE, text_query) > 0
            ORDER BY f.PROD_ID
            FETCH FIRST 500 ROWS ONLY
        ),
        PAIRS AS (
            SELECT k.PROD_ID, k.REVIEW_ID
            FROM MATCHED m
            INNER JOIN REVIEWS k ON k.PROD_ID = m.PROD_ID
            ORDER BY k.PROD_ID, k.REVIEW_ID
            FETCH FIRST 500 ROWS ONLY
        ),
        CHOSEN AS (
            SELECT pr.PROD_ID, pr.REVIEW_ID, SUM(h.HELPFULNESS) AS TOTAL
            FROM PAIRS pr
            INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = pr.REVIEW_ID
            GROUP BY pr.PROD_ID, pr.REVIEW_ID
            ORDER BY TOTAL DESC, pr.REVIEW_ID
            FETCH FIRST batch_size ROWS ONLY
        )
        SELECT p.TITLE, p.ACTOR, r.REVIEW_ID, p.PROD_ID, TO_CHAR(r.REVIEW_DATE, 'YYYY-MM-DD'), r.STARS, r.CUSTOMERID,
            r.REVIEW_SUMMARY, r.REVIEW_TEXT, c.TOTAL
        BULK COLLECT INTO title_out, actor_out, review_id_out, prod_id_out, review_date_out, review_stars_out,
            review_customerid_out, review_summary_out, review_text_out, review_helpfulness_sum_out
        FROM CHOSEN c
        INNER JOIN REVIEWS r ON r.REVIEW_ID = c.REVIEW_ID
        INNER JOIN PRODUCTS p ON p.PROD_ID = c.PROD_ID
        ORDER BY c.TOTAL DESC, c.REVIEW_ID;
        found := review_id_out.COUNT;
    END IF;
END GET_PROD_REVIEWS_BY_TITLE;
/
