-- The DS3 procedure interface on Oracle 19c+ (ds3-facts §1.6): DS3's procedure names and input parameters; results
-- come back as one SYS_REFCURSOR (rows) or one OUT NUMBER (ids) instead of DS3's found count and per-column arrays.
-- Semantics are the kit's (docs/ds3-compatibility.md). Procedures that write COMMIT, as DS3's Oracle procedures do.

-- Search text is data: it is cut to its letters and digits (what Oracle Text's BASIC_LEXER indexes), and each word
-- becomes a brace-escaped term joined with AND ({FIRST} AND {LAST}), so no operator or reserved word in the text can
-- change the query. NULL when there is no word.
CREATE OR REPLACE FUNCTION DS_TEXT_ALL_WORDS (text_in IN VARCHAR2) RETURN VARCHAR2
AS
    words VARCHAR2(4000) := TRIM(REGEXP_REPLACE(SUBSTR(text_in, 1, 400), '[^[:alnum:]]+', ' '));
    word VARCHAR2(400);
    query_text VARCHAR2(4000);
    n PLS_INTEGER := 1;
BEGIN
    LOOP
        word := REGEXP_SUBSTR(words, '[^ ]+', 1, n);
        EXIT WHEN word IS NULL;
        IF query_text IS NOT NULL THEN
            query_text := query_text || ' AND ';
        END IF;
        query_text := query_text || '{' || word || '}';
        n := n + 1;
    END LOOP;
    RETURN query_text;
END DS_TEXT_ALL_WORDS;
/

-- LOGIN: the customer id (0 when unknown) and, as a cursor, the customer's last batch_size_in purchases: TITLE, ACTOR
-- and the title of the product's COMMON_PROD_ID, newest orders first (the kit passes 10, as DS3's driver does).
CREATE OR REPLACE PROCEDURE LOGIN (
    username_in IN VARCHAR2,
    password_in IN VARCHAR2,
    batch_size_in IN NUMBER,
    customerid_out OUT NUMBER,
    history_out OUT SYS_REFCURSOR)
AS
BEGIN
    SELECT CUSTOMERID INTO customerid_out FROM CUSTOMERS WHERE USERNAME = username_in AND PASSWORD = password_in;
    OPEN history_out FOR
        SELECT p.TITLE, p.ACTOR, r.TITLE AS RELATEDPURCHASE
        FROM CUST_HIST h
        INNER JOIN PRODUCTS p ON p.PROD_ID = h.PROD_ID
        INNER JOIN PRODUCTS r ON r.PROD_ID = p.COMMON_PROD_ID
        WHERE h.CUSTOMERID = customerid_out
        ORDER BY h.ORDERID DESC
        FETCH FIRST batch_size_in ROWS ONLY;
EXCEPTION
    WHEN NO_DATA_FOUND THEN
        customerid_out := 0;
        OPEN history_out FOR SELECT TITLE, ACTOR, TITLE AS RELATEDPURCHASE FROM PRODUCTS WHERE 1 = 0;
END LOGIN;
/

-- NEW_CUSTOMER: the new CUSTOMERID, or 0 when the user name is taken (checked first; a concurrent twin is caught by
-- the unique index IX_CUST_USERNAME).
CREATE OR REPLACE PROCEDURE NEW_CUSTOMER (
    firstname_in IN VARCHAR2,
    lastname_in IN VARCHAR2,
    address1_in IN VARCHAR2,
    address2_in IN VARCHAR2,
    city_in IN VARCHAR2,
    state_in IN VARCHAR2,
    zip_in IN VARCHAR2,
    country_in IN VARCHAR2,
    region_in IN NUMBER,
    email_in IN VARCHAR2,
    phone_in IN VARCHAR2,
    creditcardtype_in IN NUMBER,
    creditcard_in IN VARCHAR2,
    creditcardexpiration_in IN VARCHAR2,
    username_in IN VARCHAR2,
    password_in IN VARCHAR2,
    age_in IN NUMBER,
    income_in IN NUMBER,
    gender_in IN VARCHAR2,
    customerid_out OUT NUMBER)
AS
    taken NUMBER;
    new_id NUMBER;
BEGIN
    SELECT COUNT(*) INTO taken FROM CUSTOMERS WHERE USERNAME = username_in;
    IF taken > 0 THEN
        customerid_out := 0;
        RETURN;
    END IF;

    new_id := CUSTOMERID_SEQ.NEXTVAL;
    INSERT INTO CUSTOMERS (CUSTOMERID, FIRSTNAME, LASTNAME, ADDRESS1, ADDRESS2, CITY, STATE, ZIP, COUNTRY, REGION, EMAIL,
        PHONE, CREDITCARDTYPE, CREDITCARD, CREDITCARDEXPIRATION, USERNAME, PASSWORD, AGE, INCOME, GENDER)
    VALUES (new_id, firstname_in, lastname_in, address1_in, address2_in, city_in, state_in, zip_in, country_in, region_in,
        email_in, phone_in, creditcardtype_in, creditcard_in, creditcardexpiration_in, username_in, password_in, age_in,
        income_in, gender_in);
    COMMIT;
    customerid_out := new_id;
EXCEPTION
    WHEN DUP_VAL_ON_INDEX THEN
        ROLLBACK;
        customerid_out := 0;
END NEW_CUSTOMER;
/

-- NEW_MEMBER: the customer id, or 0 when the customer is already a member. EXPIREDATE = today, as in DS3.
CREATE OR REPLACE PROCEDURE NEW_MEMBER (
    customerid_in IN NUMBER,
    membershiplevel_in IN NUMBER,
    customerid_out OUT NUMBER)
AS
    members NUMBER;
BEGIN
    SELECT COUNT(*) INTO members FROM MEMBERSHIP WHERE CUSTOMERID = customerid_in;
    IF members > 0 THEN
        customerid_out := 0;
        RETURN;
    END IF;

    INSERT INTO MEMBERSHIP (CUSTOMERID, MEMBERSHIPTYPE, EXPIREDATE) VALUES (customerid_in, membershiplevel_in, TRUNC(SYSDATE));
    COMMIT;
    customerid_out := customerid_in;
EXCEPTION
    WHEN DUP_VAL_ON_INDEX THEN
        ROLLBACK;
        customerid_out := 0;
END NEW_MEMBER;
/

-- BROWSE_BY_CATEGORY: up to batch_size_in specials of the category, all PRODUCTS columns.
CREATE OR REPLACE PROCEDURE BROWSE_BY_CATEGORY (
    batch_size_in IN NUMBER,
    category_in IN NUMBER,
    products_out OUT SYS_REFCURSOR)
AS
BEGIN
    OPEN products_out FOR
        SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
        FROM PRODUCTS
        WHERE CATEGORY = category_in AND SPECIAL = 1
        FETCH FIRST batch_size_in ROWS ONLY;
END BROWSE_BY_CATEGORY;
/

-- BROWSE_BY_ACTOR: up to batch_size_in products whose ACTOR contains all the given words (Oracle Text IX_ACTOR_TEXT).
CREATE OR REPLACE PROCEDURE BROWSE_BY_ACTOR (
    batch_size_in IN NUMBER,
    actor_in IN VARCHAR2,
    products_out OUT SYS_REFCURSOR)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(actor_in);
BEGIN
    IF text_query IS NULL THEN
        OPEN products_out FOR
            SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM FROM PRODUCTS WHERE 1 = 0;
    ELSE
        OPEN products_out FOR
            SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
            FROM PRODUCTS
            WHERE CONTAINS(ACTOR, text_query) > 0
            FETCH FIRST batch_size_in ROWS ONLY;
    END IF;
END BROWSE_BY_ACTOR;
/

-- BROWSE_BY_TITLE: up to batch_size_in products whose TITLE contains all the given words (Oracle Text IX_TITLE_TEXT).
CREATE OR REPLACE PROCEDURE BROWSE_BY_TITLE (
    batch_size_in IN NUMBER,
    title_in IN VARCHAR2,
    products_out OUT SYS_REFCURSOR)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(title_in);
BEGIN
    IF text_query IS NULL THEN
        OPEN products_out FOR
            SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM FROM PRODUCTS WHERE 1 = 0;
    ELSE
        OPEN products_out FOR
            SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
            FROM PRODUCTS
            WHERE CONTAINS(TITLE, text_query) > 0
            FETCH FIRST batch_size_in ROWS ONLY;
    END IF;
END BROWSE_BY_TITLE;
/

-- GET_PROD_REVIEWS: the product's rated reviews with the sum of their helpfulness, most helpful first (ties: lower
-- REVIEW_ID). Only narrow (id, total) rows are grouped and sorted; the wide columns are read for the chosen reviews.
-- Expected plan (docs/engine-plans.md): INDEX RANGE SCAN IX_REVIEWS_PROD_ID -> NESTED LOOPS -> INDEX RANGE SCAN
--   IX_REVIEWS_HELP_REVID (REVIEW_ID, HELPFULNESS: covering) -> HASH/SORT GROUP BY -> SORT ORDER BY STOPKEY (narrow)
--   -> NESTED LOOPS -> TABLE ACCESS BY INDEX ROWID REVIEWS (PK_REVIEWS) for the batch_size_in chosen.
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS (
    batch_size_in IN NUMBER,
    prod_in IN NUMBER,
    reviews_out OUT SYS_REFCURSOR)
AS
BEGIN
    OPEN reviews_out FOR
        SELECT r.REVIEW_ID, r.PROD_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT, t.TOTAL
        FROM (SELECT k.REVIEW_ID, SUM(h.HELPFULNESS) AS TOTAL
              FROM REVIEWS k
              INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = k.REVIEW_ID
              WHERE k.PROD_ID = prod_in
              GROUP BY k.REVIEW_ID
              ORDER BY TOTAL DESC, k.REVIEW_ID
              FETCH FIRST batch_size_in ROWS ONLY) t
        INNER JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
        ORDER BY t.TOTAL DESC, t.REVIEW_ID;
END GET_PROD_REVIEWS;
/

-- GET_PROD_REVIEWS_BY_STARS: as GET_PROD_REVIEWS, only reviews with stars_in stars (IX_REVIEWS_PRODSTARS).
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_STARS (
    batch_size_in IN NUMBER,
    prod_in IN NUMBER,
    stars_in IN NUMBER,
    reviews_out OUT SYS_REFCURSOR)
AS
BEGIN
    OPEN reviews_out FOR
        SELECT r.REVIEW_ID, r.PROD_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT, t.TOTAL
        FROM (SELECT k.REVIEW_ID, SUM(h.HELPFULNESS) AS TOTAL
              FROM REVIEWS k
              INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = k.REVIEW_ID
              WHERE k.PROD_ID = prod_in AND k.STARS = stars_in
              GROUP BY k.REVIEW_ID
              ORDER BY TOTAL DESC, k.REVIEW_ID
              FETCH FIRST batch_size_in ROWS ONLY) t
        INNER JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
        ORDER BY t.TOTAL DESC, t.REVIEW_ID;
END GET_PROD_REVIEWS_BY_STARS;
/

-- GET_PROD_REVIEWS_BY_DATE: the product's rated reviews, newest first (one query, not DS3 Oracle's N+1 sums).
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_DATE (
    batch_size_in IN NUMBER,
    prod_in IN NUMBER,
    reviews_out OUT SYS_REFCURSOR)
AS
BEGIN
    OPEN reviews_out FOR
        SELECT r.REVIEW_ID, r.PROD_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT, t.TOTAL
        FROM (SELECT k.REVIEW_ID, k.REVIEW_DATE, SUM(h.HELPFULNESS) AS TOTAL
              FROM REVIEWS k
              INNER JOIN REVIEWS_HELPFULNESS h ON h.REVIEW_ID = k.REVIEW_ID
              WHERE k.PROD_ID = prod_in
              GROUP BY k.REVIEW_ID, k.REVIEW_DATE
              ORDER BY k.REVIEW_DATE DESC, k.REVIEW_ID DESC
              FETCH FIRST batch_size_in ROWS ONLY) t
        INNER JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
        ORDER BY t.REVIEW_DATE DESC, t.REVIEW_ID DESC;
END GET_PROD_REVIEWS_BY_DATE;
/

-- GET_PROD_REVIEWS_BY_ACTOR: reviews of products whose ACTOR contains all the words, most helpful first. Columns in
-- the kit's common order (PROD_ID first), not DS3 Oracle's. DS3 caps the work at 500 (product, review) pairs; which
-- 500 is fixed the same way on every engine (docs/ds3-compatibility.md): the first 500 matching products by PROD_ID,
-- then the first 500 of their reviews by (PROD_ID, REVIEW_ID). Only ids and sums are sorted.
-- Expected plan: DOMAIN INDEX IX_PROD_ACTOR (CONTAINS) -> SORT ORDER BY STOPKEY (PROD_IDs) -> NESTED LOOPS -> INDEX
--   RANGE SCAN IX_REVIEWS_PROD_ID (PROD_ID, REVIEW_ID) -> SORT ORDER BY STOPKEY (500 narrow pairs) -> NESTED LOOPS ->
--   INDEX RANGE SCAN IX_REVIEWS_HELP_REVID (covering) -> GROUP BY -> SORT ORDER BY STOPKEY -> PK lookups.
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_ACTOR (
    batch_size_in IN NUMBER,
    actor_in IN VARCHAR2,
    reviews_out OUT SYS_REFCURSOR)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(actor_in);
BEGIN
    IF text_query IS NULL THEN
        OPEN reviews_out FOR
            SELECT p.PROD_ID, p.TITLE, p.ACTOR, r.REVIEW_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY,
                r.REVIEW_TEXT, 0 AS TOTAL
            FROM PRODUCTS p
            INNER JOIN REVIEWS r ON r.PROD_ID = p.PROD_ID
            WHERE 1 = 0;
    ELSE
        OPEN reviews_out FOR
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
                FETCH FIRST batch_size_in ROWS ONLY
            )
            SELECT p.PROD_ID, p.TITLE, p.ACTOR, r.REVIEW_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY,
                r.REVIEW_TEXT, c.TOTAL
            FROM CHOSEN c
            INNER JOIN REVIEWS r ON r.REVIEW_ID = c.REVIEW_ID
            INNER JOIN PRODUCTS p ON p.PROD_ID = c.PROD_ID
            ORDER BY c.TOTAL DESC, c.REVIEW_ID;
    END IF;
END GET_PROD_REVIEWS_BY_ACTOR;
/

-- GET_PROD_REVIEWS_BY_TITLE: as GET_PROD_REVIEWS_BY_ACTOR on TITLE.
CREATE OR REPLACE PROCEDURE GET_PROD_REVIEWS_BY_TITLE (
    batch_size_in IN NUMBER,
    title_in IN VARCHAR2,
    reviews_out OUT SYS_REFCURSOR)
AS
    text_query VARCHAR2(4000) := DS_TEXT_ALL_WORDS(title_in);
BEGIN
    IF text_query IS NULL THEN
        OPEN reviews_out FOR
            SELECT p.PROD_ID, p.TITLE, p.ACTOR, r.REVIEW_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY,
                r.REVIEW_TEXT, 0 AS TOTAL
            FROM PRODUCTS p
            INNER JOIN REVIEWS r ON r.PROD_ID = p.PROD_ID
            WHERE 1 = 0;
    ELSE
        OPEN reviews_out FOR
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
                FETCH FIRST batch_size_in ROWS ONLY
            )
            SELECT p.PROD_ID, p.TITLE, p.ACTOR, r.REVIEW_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID, r.REVIEW_SUMMARY,
                r.REVIEW_TEXT, c.TOTAL
            FROM CHOSEN c
            INNER JOIN REVIEWS r ON r.REVIEW_ID = c.REVIEW_ID
            INNER JOIN PRODUCTS p ON p.PROD_ID = c.PROD_ID
            ORDER BY c.TOTAL DESC, c.REVIEW_ID;
    END IF;
END GET_PROD_REVIEWS_BY_TITLE;
/

-- NEW_PROD_REVIEW: the new REVIEW_ID (from REVIEWID_SEQ). REVIEW_DATE = today.
CREATE OR REPLACE PROCEDURE NEW_PROD_REVIEW (
    prod_id_in IN NUMBER,
    stars_in IN NUMBER,
    customerid_in IN NUMBER,
    review_summary_in IN VARCHAR2,
    review_text_in IN VARCHAR2,
    review_id_out OUT NUMBER)
AS
    new_id NUMBER;
BEGIN
    new_id := REVIEWID_SEQ.NEXTVAL;
    INSERT INTO REVIEWS (REVIEW_ID, PROD_ID, REVIEW_DATE, STARS, CUSTOMERID, REVIEW_SUMMARY, REVIEW_TEXT)
    VALUES (new_id, prod_id_in, TRUNC(SYSDATE), stars_in, customerid_in, review_summary_in, review_text_in);
    COMMIT;
    review_id_out := new_id;
END NEW_PROD_REVIEW;
/

-- NEW_REVIEW_HELPFULNESS: the new REVIEW_HELPFULNESS_ID (from REVIEWHELPFULNESSID_SEQ).
CREATE OR REPLACE PROCEDURE NEW_REVIEW_HELPFULNESS (
    review_id_in IN NUMBER,
    customerid_in IN NUMBER,
    review_helpfulness_in IN NUMBER,
    review_helpfulness_id_out OUT NUMBER)
AS
    new_id NUMBER;
BEGIN
    new_id := REVIEWHELPFULNESSID_SEQ.NEXTVAL;
    INSERT INTO REVIEWS_HELPFULNESS (REVIEW_HELPFULNESS_ID, REVIEW_ID, CUSTOMERID, HELPFULNESS)
    VALUES (new_id, review_id_in, customerid_in, review_helpfulness_in);
    COMMIT;
    review_helpfulness_id_out := new_id;
END NEW_REVIEW_HELPFULNESS;
/

-- PURCHASE: the new ORDERID, or 0 when an item's stock is short (then the whole order is rolled back). The cart is the
-- first number_items entries of prod_id_in/qty_in (DS3's array shape). Stock is taken in ascending PROD_ID order (so
-- concurrent purchases lock rows in one order and cannot deadlock each other) by a conditional UPDATE that only
-- succeeds when enough is left; RESTOCK then keeps the quantity from going below 3. ORDERLINEID = position in the cart.
CREATE OR REPLACE PROCEDURE PURCHASE (
    customerid_in IN NUMBER,
    number_items IN NUMBER,
    netamount_in IN NUMBER,
    taxamount_in IN NUMBER,
    totalamount_in IN NUMBER,
    neworderid_out OUT NUMBER,
    prod_id_in IN DS3_TYPES.N_TYPE,
    qty_in IN DS3_TYPES.N_TYPE)
AS
    today DATE := TRUNC(SYSDATE);
    order_id NUMBER;
    prods DS3_TYPES.N_TYPE;
    qtys DS3_TYPES.N_TYPE;
    by_product DS3_TYPES.N_TYPE;
    item_count PLS_INTEGER := 0;
    idx PLS_INTEGER;
    j PLS_INTEGER;
BEGIN
    -- The cart, densely numbered 1..n in request order, whatever indexes the client bound.
    idx := prod_id_in.FIRST;
    WHILE idx IS NOT NULL AND item_count < LEAST(NVL(number_items, 0), 10) LOOP
        item_count := item_count + 1;
        prods(item_count) := prod_id_in(idx);
        qtys(item_count) := qty_in(idx);
        idx := prod_id_in.NEXT(idx);
    END LOOP;

    -- Cart positions in ascending PROD_ID order (insertion sort of at most 10; equal ids keep request order).
    FOR i IN 1 .. item_count LOOP
        j := i - 1;
        WHILE j >= 1 AND prods(by_product(j)) > prods(i) LOOP
            by_product(j + 1) := by_product(j);
            j := j - 1;
        END LOOP;
        by_product(j + 1) := i;
    END LOOP;

    order_id := ORDERID_SEQ.NEXTVAL;
    INSERT INTO ORDERS (ORDERID, ORDERDATE, CUSTOMERID, NETAMOUNT, TAX, TOTALAMOUNT)
    VALUES (order_id, today, customerid_in, netamount_in, taxamount_in, totalamount_in);

    FOR k IN 1 .. item_count LOOP
        idx := by_product(k);
        UPDATE INVENTORY
        SET QUAN_IN_STOCK = QUAN_IN_STOCK - qtys(idx), SALES = SALES + qtys(idx)
        WHERE PROD_ID = prods(idx) AND QUAN_IN_STOCK >= qtys(idx);
        IF SQL%ROWCOUNT = 0 THEN
            ROLLBACK;
            neworderid_out := 0;
            RETURN;
        END IF;
    END LOOP;

    FOR i IN 1 .. item_count LOOP
        INSERT INTO ORDERLINES (ORDERLINEID, ORDERID, PROD_ID, QUANTITY, ORDERDATE)
        VALUES (i, order_id, prods(i), qtys(i), today);
        INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID) VALUES (customerid_in, order_id, prods(i));
    END LOOP;

    COMMIT;
    neworderid_out := order_id;
EXCEPTION
    WHEN OTHERS THEN
        ROLLBACK;
        RAISE;
END PURCHASE;
/
