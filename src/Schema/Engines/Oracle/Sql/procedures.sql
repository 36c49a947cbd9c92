-- The DS3 procedure interface on Oracle 19c+, exactly as DS3's Oracle driver binds it (docs/ds3-compatibility.md, "How DS3's drivers call the store"): ODP.NET
-- binds POSITIONALLY, so each procedure's parameter order, count, modes and kinds are DS3's: a `found` count OUT as the
-- 2nd parameter of every search, then one DS3_TYPES associative array OUT per result column, filled from element 1; ids
-- in an OUT INTEGER (0 = unknown user, name taken, already a member, or stock short). The kit's engine calls them the same
-- way. Semantics are the kit's (docs/ds3-compatibility.md). Procedures that write COMMIT, as DS3's Oracle procedures do.
-- Every OUT is assigned on every path (a NULL `found` or id fails DS3's Convert.ToInt32). Dates come back as
-- 'YYYY-MM-DD' strings (DS3's review_date_out is an ARRAY_TYPE). Rows are capped by batch_size; the caller's array
-- Size must hold them (DS3's driver: 100 elements, batch_size at most 9; LOGIN: 10).

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

-- LOGIN: customerid_out (0 when unknown) and the customer's last batch_size purchases in elements 1..found of
-- title_out, actor_out and related_title_out (the title of the product's COMMON_PROD_ID), newest orders first.
CREATE OR REPLACE PROCEDURE LOGIN (
    username_in IN VARCHAR2,
    password_in IN VARCHAR2,
    batch_size IN INTEGER,
    found OUT INTEGER,
    customerid_out OUT INTEGER,
    title_out OUT DS3_TYPES.ARRAY_TYPE,
    actor_out OUT DS3_TYPES.ARRAY_TYPE,
    related_title_out OUT DS3_TYPES.ARRAY_TYPE)
AS
BEGIN
    found := 0;
    SELECT CUSTOMERID INTO customerid_out FROM CUSTOMERS WHERE USERNAME = username_in AND PASSWORD = password_in;
    SELECT p.TITLE, p.ACTOR, r.TITLE
    BULK COLLECT INTO title_out, actor_out, related_title_out
    FROM CUST_HIST h
    INNER JOIN PRODUCTS p ON p.PROD_ID = h.PROD_ID
    INNER JOIN PRODUCTS r ON r.PROD_ID = p.COMMON_PROD_ID
    WHERE h.CUSTOMERID = customerid_out
    ORDER BY h.ORDERID DESC
    FETCH FIRST batch_size ROWS ONLY;
    found := title_out.COUNT;
EXCEPTION
    WHEN NO_DATA_FOUND THEN
        customerid_out := 0;
        found := 0;
END LOGIN;
/

-- NEW_CUSTOMER: the new CUSTOMERID, or 0 when the user name is taken (checked first; a concurrent twin is caught by
-- the unique index IX_CUST_USERNAME). zip_in is a NUMBER, as DS3's driver sends it; ZIP keeps its digits as text.
CREATE OR REPLACE PROCEDURE NEW_CUSTOMER (
    firstname_in IN VARCHAR2,
    lastname_in IN VARCHAR2,
    address1_in IN VARCHAR2,
    address2_in IN VARCHAR2,
    city_in IN VARCHAR2,
    state_in IN VARCHAR2,
    zip_in IN NUMBER,
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
    customerid_out OUT INTEGER)
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
    VALUES (new_id, firstname_in, lastname_in, address1_in, address2_in, city_in, state_in, TO_CHAR(zip_in), country_in, region_in,
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
    customerid_in IN INTEGER,
    membershiplevel_in IN INTEGER,
    customerid_out OUT INTEGER)
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

-- NEW_PROD_REVIEW: the new REVIEW_ID (from REVIEWID_SEQ). REVIEW_DATE = today.
CREATE OR REPLACE PROCEDURE NEW_PROD_REVIEW (
    prod_id_in IN NUMBER,
    stars_in IN NUMBER,
    customerid_in IN NUMBER,
    review_summary_in IN VARCHAR2,
    review_text_in IN VARCHAR2,
    review_id_out OUT INTEGER)
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
    review_helpfulness_id_out OUT INTEGER)
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
-- first number_items entries of prod_id_in/qty_in (DS3's driver always binds 10 elements of each). Stock is taken in ascending PROD_ID order (so
-- concurrent purchases lock rows in one order and cannot deadlock each other) by a conditional UPDATE that only
-- succeeds when enough is left; RESTOCK then keeps the quantity from going below 3. ORDERLINEID = position in the cart.
CREATE OR REPLACE PROCEDURE PURCHASE (
    customerid_in IN INTEGER,
    number_items IN INTEGER,
    netamount_in IN NUMBER,
    taxamount_in IN NUMBER,
    totalamount_in IN NUMBER,
    neworderid_out OUT INTEGER,
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
