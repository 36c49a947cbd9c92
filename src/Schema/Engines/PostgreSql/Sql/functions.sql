-- DvdStore PostgreSQL store functions: DS3's interface (docs/ds3-compatibility.md, "How DS3's drivers call the store") with the semantics decided for
-- every engine (docs/ds3-compatibility.md). DS3's driver calls them through Npgsql in named notation
-- (SELECT * FROM LOGIN("username_in" := $1, ...)), so the parameter names ARE the interface; ids are INTEGER in
-- the interface as in DS3 (the columns are BIGINT), and LOGIN's id and PURCHASE's result are exactly int4
-- because DS3 unboxes them with (int). Each function ends with a line holding only ';' so the file runs as is
-- in psql and splits into one batch per function for the loader.

-- Earlier stores named some parameters differently, and CREATE OR REPLACE cannot rename a parameter or change a
-- result type: drop this schema's store functions first (the trigger function is in restock.sql).
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace AND p.prokind = 'f'
      AND p.proname IN ('login', 'new_customer', 'new_member', 'browse_by_category', 'browse_by_actor',
        'browse_by_title', 'get_prod_reviews', 'get_prod_reviews_by_stars', 'get_prod_reviews_by_date',
        'get_prod_reviews_by_actor', 'get_prod_reviews_by_title', 'new_prod_review', 'new_review_helpfulness', 'purchase')
  LOOP
    EXECUTE 'DROP FUNCTION ' || f::text;
  END LOOP;
END
$$
;

-- LOGIN: DS3's row shapes. One row per history item (newest orders first, at most 10), the customer id on every
-- row; a known customer without history gives one row (id, 'None', 'None', 'None'); an unknown one gives
-- (0, 'None', 'None', 'None'). DS3's driver reads column 0 of the first row with (int), so it is INTEGER and
-- there is always a row.
CREATE OR REPLACE FUNCTION LOGIN(username_in TEXT, password_in TEXT)
RETURNS TABLE (r_customerid INTEGER, r_title TEXT, r_actor TEXT, r_relatedpurchase TEXT)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_id INTEGER;
BEGIN
  SELECT c.CUSTOMERID INTO found_id FROM CUSTOMERS c WHERE c.USERNAME = username_in AND c.PASSWORD = password_in;
  IF found_id IS NULL THEN
    RETURN QUERY SELECT 0, 'None'::TEXT, 'None'::TEXT, 'None'::TEXT;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT found_id, p.TITLE::TEXT, p.ACTOR::TEXT, rel.TITLE::TEXT
    FROM CUST_HIST h
    JOIN PRODUCTS p ON p.PROD_ID = h.PROD_ID
    LEFT JOIN PRODUCTS rel ON rel.PROD_ID = p.COMMON_PROD_ID
    WHERE h.CUSTOMERID = found_id
    ORDER BY h.ORDERID DESC, h.PROD_ID
    LIMIT 10;
  IF NOT FOUND THEN
    RETURN QUERY SELECT found_id, 'None'::TEXT, 'None'::TEXT, 'None'::TEXT;
  END IF;
END
$$
;

-- NEW_CUSTOMER: the new CUSTOMERID, or 0 when the user name is taken. The pre-check spares an id;
-- ON CONFLICT covers the race between two sessions registering the same name.
CREATE OR REPLACE FUNCTION NEW_CUSTOMER(
  firstname_in VARCHAR, lastname_in VARCHAR, address1_in VARCHAR, address2_in VARCHAR, city_in VARCHAR,
  state_in VARCHAR, zip_in VARCHAR, country_in VARCHAR, region_in SMALLINT, email_in VARCHAR, phone_in VARCHAR,
  creditcardtype_in INTEGER, creditcard_in VARCHAR, creditcardexpiration_in VARCHAR, username_in VARCHAR,
  password_in VARCHAR, age_in SMALLINT, income_in INTEGER, gender_in VARCHAR)
RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
  new_id INTEGER;
BEGIN
  IF EXISTS (SELECT 1 FROM CUSTOMERS c WHERE c.USERNAME = username_in) THEN
    RETURN 0;
  END IF;
  INSERT INTO CUSTOMERS (FIRSTNAME, LASTNAME, ADDRESS1, ADDRESS2, CITY, STATE, ZIP, COUNTRY, REGION, EMAIL, PHONE,
    CREDITCARDTYPE, CREDITCARD, CREDITCARDEXPIRATION, USERNAME, PASSWORD, AGE, INCOME, GENDER)
  VALUES (firstname_in, lastname_in, address1_in, address2_in, city_in, state_in, zip_in, country_in, region_in,
    email_in, phone_in, creditcardtype_in, creditcard_in, creditcardexpiration_in, username_in, password_in, age_in,
    income_in, gender_in)
  ON CONFLICT (USERNAME) DO NOTHING
  RETURNING CUSTOMERID INTO new_id;
  RETURN COALESCE(new_id, 0);
END
$$
;

-- NEW_MEMBER: the customer id, or 0 when the customer is a member already; EXPIREDATE is today (as DS3).
CREATE OR REPLACE FUNCTION NEW_MEMBER(customerid_in INTEGER, membershiplevel_in INTEGER)
RETURNS INTEGER
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO MEMBERSHIP (CUSTOMERID, MEMBERSHIPTYPE, EXPIREDATE)
  VALUES (customerid_in, membershiplevel_in, current_date)
  ON CONFLICT (CUSTOMERID) DO NOTHING;
  IF FOUND THEN
    RETURN customerid_in;
  END IF;
  RETURN 0;
END
$$
;

-- BROWSE_BY_CATEGORY: specials of a category.
CREATE OR REPLACE FUNCTION BROWSE_BY_CATEGORY(batch_size_in INTEGER, category_in INTEGER)
RETURNS SETOF PRODUCTS
LANGUAGE sql STABLE AS $$
  SELECT * FROM PRODUCTS WHERE CATEGORY = category_in AND SPECIAL = 1 LIMIT batch_size_in
$$
;

-- BROWSE_BY_ACTOR / BROWSE_BY_TITLE: every word of the search text must occur in the column (AND).
-- plainto_tsquery treats the text as words only (no operators), and the 'simple' configuration on both
-- sides matches the GIN indexes IX_PROD_ACTOR / IX_PROD_TITLE.
CREATE OR REPLACE FUNCTION BROWSE_BY_ACTOR(batch_size_in INTEGER, actor_in TEXT)
RETURNS SETOF PRODUCTS
LANGUAGE sql STABLE AS $$
  SELECT * FROM PRODUCTS WHERE to_tsvector('simple', ACTOR) @@ plainto_tsquery('simple', actor_in) LIMIT batch_size_in
$$
;

CREATE OR REPLACE FUNCTION BROWSE_BY_TITLE(batch_size_in INTEGER, title_in TEXT)
RETURNS SETOF PRODUCTS
LANGUAGE sql STABLE AS $$
  SELECT * FROM PRODUCTS WHERE to_tsvector('simple', TITLE) @@ plainto_tsquery('simple', title_in) LIMIT batch_size_in
$$
;

-- GET_PROD_REVIEWS*: reviews that have helpfulness ratings (inner-join semantics), with their sum. Plans
-- (docs/engine-plans.md): the product's review ids from IX_REVIEWS_PROD_ID / IX_REVIEWS_PRODSTARS, each one's sum
-- from an index-only scan of IX_REVIEWS_HELP_REVID (REVIEW_ID, HELPFULNESS); only narrow (id, total) rows are
-- sorted, and the wide review columns are read for the batch_size_in chosen reviews only.
CREATE OR REPLACE FUNCTION GET_PROD_REVIEWS(batch_size_in INTEGER, prod_in INTEGER)
RETURNS TABLE (r_review_id INTEGER, r_prod_id INTEGER, r_review_date DATE, r_stars SMALLINT, r_customerid INTEGER,
  r_review_summary TEXT, r_review_text TEXT, r_totalhelp BIGINT)
LANGUAGE sql STABLE AS $$
  SELECT r.REVIEW_ID::INTEGER, r.PROD_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID::INTEGER, r.REVIEW_SUMMARY::TEXT, r.REVIEW_TEXT::TEXT, t.total
  FROM (SELECT k.REVIEW_ID, k.REVIEW_DATE, s.total
        FROM REVIEWS k
        CROSS JOIN LATERAL (SELECT SUM(h.HELPFULNESS)::BIGINT AS total FROM REVIEWS_HELPFULNESS h WHERE h.REVIEW_ID = k.REVIEW_ID) s
        WHERE k.PROD_ID = prod_in AND s.total IS NOT NULL
        ORDER BY s.total DESC, k.REVIEW_ID
        LIMIT batch_size_in) t
  JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
  ORDER BY t.total DESC, t.REVIEW_ID
$$
;

CREATE OR REPLACE FUNCTION GET_PROD_REVIEWS_BY_STARS(batch_size_in INTEGER, prod_in INTEGER, stars_in INTEGER)
RETURNS TABLE (r_review_id INTEGER, r_prod_id INTEGER, r_review_date DATE, r_stars SMALLINT, r_customerid INTEGER,
  r_review_summary TEXT, r_review_text TEXT, r_totalhelp BIGINT)
LANGUAGE sql STABLE AS $$
  SELECT r.REVIEW_ID::INTEGER, r.PROD_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID::INTEGER, r.REVIEW_SUMMARY::TEXT, r.REVIEW_TEXT::TEXT, t.total
  FROM (SELECT k.REVIEW_ID, k.REVIEW_DATE, s.total
        FROM REVIEWS k
        CROSS JOIN LATERAL (SELECT SUM(h.HELPFULNESS)::BIGINT AS total FROM REVIEWS_HELPFULNESS h WHERE h.REVIEW_ID = k.REVIEW_ID) s
        WHERE k.PROD_ID = prod_in AND k.STARS = stars_in AND s.total IS NOT NULL
        ORDER BY s.total DESC, k.REVIEW_ID
        LIMIT batch_size_in) t
  JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
  ORDER BY t.total DESC, t.REVIEW_ID
$$
;

CREATE OR REPLACE FUNCTION GET_PROD_REVIEWS_BY_DATE(batch_size_in INTEGER, prod_in INTEGER)
RETURNS TABLE (r_review_id INTEGER, r_prod_id INTEGER, r_review_date DATE, r_stars SMALLINT, r_customerid INTEGER,
  r_review_summary TEXT, r_review_text TEXT, r_totalhelp BIGINT)
LANGUAGE sql STABLE AS $$
  SELECT r.REVIEW_ID::INTEGER, r.PROD_ID, r.REVIEW_DATE, r.STARS, r.CUSTOMERID::INTEGER, r.REVIEW_SUMMARY::TEXT, r.REVIEW_TEXT::TEXT, t.total
  FROM (SELECT k.REVIEW_ID, k.REVIEW_DATE, s.total
        FROM REVIEWS k
        CROSS JOIN LATERAL (SELECT SUM(h.HELPFULNESS)::BIGINT AS total FROM REVIEWS_HELPFULNESS h WHERE h.REVIEW_ID = k.REVIEW_ID) s
        WHERE k.PROD_ID = prod_in AND s.total IS NOT NULL
        ORDER BY k.REVIEW_DATE DESC, k.REVIEW_ID DESC
        LIMIT batch_size_in) t
  JOIN REVIEWS r ON r.REVIEW_ID = t.REVIEW_ID
  ORDER BY t.REVIEW_DATE DESC, t.REVIEW_ID DESC
$$
;

-- GET_PROD_REVIEWS_BY_ACTOR / _BY_TITLE: DS3 caps the work at 500 (product, review) pairs; which 500 is fixed the
-- same way on every engine (docs/ds3-compatibility.md): the first 500 matching products by PROD_ID, then the first
-- 500 of their reviews by (PROD_ID, REVIEW_ID). The rated ones, most helpful first; only ids and sums are sorted.
-- MATERIALIZED: the matches come from the GIN index first; otherwise "ORDER BY PROD_ID LIMIT" tempts the planner
-- to walk PK_PRODUCTS in order, computing to_tsvector for every product until enough match (a scan for rare words).
CREATE OR REPLACE FUNCTION GET_PROD_REVIEWS_BY_ACTOR(batch_size_in INTEGER, actor_in TEXT)
RETURNS TABLE (r_prod_id INTEGER, r_title TEXT, r_actor TEXT, r_review_id INTEGER, r_review_date DATE,
  r_stars SMALLINT, r_customerid INTEGER, r_review_summary TEXT, r_review_text TEXT, r_totalhelp BIGINT)
LANGUAGE sql STABLE AS $$
  WITH matched AS MATERIALIZED (
    SELECT f.PROD_ID FROM PRODUCTS f WHERE to_tsvector('simple', f.ACTOR) @@ plainto_tsquery('simple', actor_in)),
  pairs AS (
    SELECT k.PROD_ID, k.REVIEW_ID
    FROM (SELECT matched.PROD_ID FROM matched ORDER BY matched.PROD_ID LIMIT 500) m
    JOIN REVIEWS k ON k.PROD_ID = m.PROD_ID
    ORDER BY k.PROD_ID, k.REVIEW_ID
    LIMIT 500),
  chosen AS (
    SELECT pairs.PROD_ID, pairs.REVIEW_ID, s.total
    FROM pairs
    CROSS JOIN LATERAL (SELECT SUM(h.HELPFULNESS)::BIGINT AS total FROM REVIEWS_HELPFULNESS h WHERE h.REVIEW_ID = pairs.REVIEW_ID) s
    WHERE s.total IS NOT NULL
    ORDER BY s.total DESC, pairs.REVIEW_ID
    LIMIT batch_size_in)
  SELECT p.PROD_ID, p.TITLE::TEXT, p.ACTOR::TEXT, r.REVIEW_ID::INTEGER, r.REVIEW_DATE, r.STARS, r.CUSTOMERID::INTEGER,
    r.REVIEW_SUMMARY::TEXT, r.REVIEW_TEXT::TEXT, c.total
  FROM chosen c
  JOIN REVIEWS r ON r.REVIEW_ID = c.REVIEW_ID
  JOIN PRODUCTS p ON p.PROD_ID = c.PROD_ID
  ORDER BY c.total DESC, c.REVIEW_ID
$$
;

CREATE OR REPLACE FUNCTION GET_PROD_REVIEWS_BY_TITLE(batch_size_in INTEGER, title_in TEXT)
RETURNS TABLE (r_prod_id INTEGER, r_title TEXT, r_actor TEXT, r_review_id INTEGER, r_review_date DATE,
  r_stars SMALLINT, r_customerid INTEGER, r_review_summary TEXT, r_review_text TEXT, r_totalhelp BIGINT)
LANGUAGE sql STABLE AS $$
  WITH matched AS MATERIALIZED (
    SELECT f.PROD_ID FROM PRODUCTS f WHERE to_tsvector('simple', f.TITLE) @@ plainto_tsquery('simple', title_in)),
  pairs AS (
    SELECT k.PROD_ID, k.REVIEW_ID
    FROM (SELECT matched.PROD_ID FROM matched ORDER BY matched.PROD_ID LIMIT 500) m
    JOIN REVIEWS k ON k.PROD_ID = m.PROD_ID
    ORDER BY k.PROD_ID, k.REVIEW_ID
    LIMIT 500),
  chosen AS (
    SELECT pairs.PROD_ID, pairs.REVIEW_ID, s.total
    FROM pairs
    CROSS JOIN LATERAL (SELECT SUM(h.HELPFULNESS)::BIGINT AS total FROM REVIEWS_HELPFULNESS h WHERE h.REVIEW_ID = pairs.REVIEW_ID) s
    WHERE s.total IS NOT NULL
    ORDER BY s.total DESC, pairs.REVIEW_ID
    LIMIT batch_size_in)
  SELECT p.PROD_ID, p.TITLE::TEXT, p.ACTOR::TEXT, r.REVIEW_ID::INTEGER, r.REVIEW_DATE, r.STARS, r.CUSTOMERID::INTEGER,
    r.REVIEW_SUMMARY::TEXT, r.REVIEW_TEXT::TEXT, c.total
  FROM chosen c
  JOIN REVIEWS r ON r.REVIEW_ID = c.REVIEW_ID
  JOIN PRODUCTS p ON p.PROD_ID = c.PROD_ID
  ORDER BY c.total DESC, c.REVIEW_ID
$$
;

-- NEW_PROD_REVIEW: the new REVIEW_ID; REVIEW_DATE is today.
CREATE OR REPLACE FUNCTION NEW_PROD_REVIEW(prod_id_in INTEGER, stars_in INTEGER, customerid_in INTEGER,
  review_summary_in TEXT, review_text_in TEXT)
RETURNS INTEGER
LANGUAGE sql AS $$
  INSERT INTO REVIEWS (PROD_ID, REVIEW_DATE, STARS, CUSTOMERID, REVIEW_SUMMARY, REVIEW_TEXT)
  VALUES (prod_id_in, current_date, stars_in, customerid_in, review_summary_in, review_text_in)
  RETURNING REVIEW_ID::INTEGER
$$
;

-- NEW_REVIEW_HELPFULNESS: the new REVIEW_HELPFULNESS_ID.
CREATE OR REPLACE FUNCTION NEW_REVIEW_HELPFULNESS(review_id_in INTEGER, customerid_in INTEGER, review_helpfulness_in INTEGER)
RETURNS INTEGER
LANGUAGE sql AS $$
  INSERT INTO REVIEWS_HELPFULNESS (REVIEW_ID, CUSTOMERID, HELPFULNESS)
  VALUES (review_id_in, customerid_in, review_helpfulness_in)
  RETURNING REVIEW_HELPFULNESS_ID::INTEGER
$$
;

-- PURCHASE: the new ORDERID; when the stock of an item is short it raises SQLSTATE P0001 (RAISE EXCEPTION without
-- a code, as DS3's function does and DS3's driver counts as a rollback), before anything is written.
-- The first number_items of the 10 interleaved (prod_id, qty) pairs are the cart (DS3 sends the unused
-- ones as 0). Stock rows are locked in ascending PROD_ID order before anything is written, so concurrent
-- purchases queue instead of deadlocking and no order has to be rolled back: a short item is found
-- before the order exists. Quantities of a product listed twice are added up; an unknown product
-- or a quantity below 1 counts as short, as on the other engines. ORDERLINEID is the
-- item's 1-based position in the cart. The RESTOCK trigger may keep the stock of a product (see restock.sql).
CREATE OR REPLACE FUNCTION PURCHASE(customerid_in INTEGER, number_items INTEGER,
  netamount_in NUMERIC, taxamount_in NUMERIC, totalamount_in NUMERIC,
  prod_id_in0 INTEGER DEFAULT 0, qty_in0 INTEGER DEFAULT 0, prod_id_in1 INTEGER DEFAULT 0, qty_in1 INTEGER DEFAULT 0,
  prod_id_in2 INTEGER DEFAULT 0, qty_in2 INTEGER DEFAULT 0, prod_id_in3 INTEGER DEFAULT 0, qty_in3 INTEGER DEFAULT 0,
  prod_id_in4 INTEGER DEFAULT 0, qty_in4 INTEGER DEFAULT 0, prod_id_in5 INTEGER DEFAULT 0, qty_in5 INTEGER DEFAULT 0,
  prod_id_in6 INTEGER DEFAULT 0, qty_in6 INTEGER DEFAULT 0, prod_id_in7 INTEGER DEFAULT 0, qty_in7 INTEGER DEFAULT 0,
  prod_id_in8 INTEGER DEFAULT 0, qty_in8 INTEGER DEFAULT 0, prod_id_in9 INTEGER DEFAULT 0, qty_in9 INTEGER DEFAULT 0)
RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
  item_count INTEGER := GREATEST(0, LEAST(number_items, 10));
  prod_ids INTEGER[];
  qtys INTEGER[];
  short_items INTEGER;
  new_order_id INTEGER;
BEGIN
  prod_ids := (ARRAY[prod_id_in0, prod_id_in1, prod_id_in2, prod_id_in3, prod_id_in4,
                     prod_id_in5, prod_id_in6, prod_id_in7, prod_id_in8, prod_id_in9])[1:item_count];
  qtys := (ARRAY[qty_in0, qty_in1, qty_in2, qty_in3, qty_in4, qty_in5, qty_in6, qty_in7, qty_in8, qty_in9])[1:item_count];

  IF EXISTS (SELECT 1 FROM unnest(qtys) AS q(qty) WHERE q.qty IS NULL OR q.qty <= 0) THEN
    RAISE EXCEPTION 'PURCHASE: a quantity below 1';
  END IF;

  WITH wanted AS (
    SELECT w.prod_id, SUM(w.qty) AS qty FROM unnest(prod_ids, qtys) AS w(prod_id, qty) GROUP BY w.prod_id),
  locked AS (
    SELECT i.PROD_ID, i.QUAN_IN_STOCK FROM INVENTORY i
    WHERE i.PROD_ID IN (SELECT wanted.prod_id FROM wanted)
    ORDER BY i.PROD_ID
    FOR UPDATE)
  SELECT count(*) INTO short_items
  FROM wanted LEFT JOIN locked ON locked.PROD_ID = wanted.prod_id
  WHERE locked.QUAN_IN_STOCK IS NULL OR locked.QUAN_IN_STOCK < wanted.qty;

  IF short_items > 0 THEN
    RAISE EXCEPTION 'PURCHASE: insufficient stock';
  END IF;

  INSERT INTO ORDERS (ORDERDATE, CUSTOMERID, NETAMOUNT, TAX, TOTALAMOUNT)
  VALUES (current_date, customerid_in, netamount_in, taxamount_in, totalamount_in)
  RETURNING ORDERID INTO new_order_id;

  UPDATE INVENTORY i
  SET QUAN_IN_STOCK = i.QUAN_IN_STOCK - w.qty, SALES = i.SALES + w.qty
  FROM (SELECT u.prod_id, SUM(u.qty) AS qty FROM unnest(prod_ids, qtys) AS u(prod_id, qty) GROUP BY u.prod_id) w
  WHERE i.PROD_ID = w.prod_id;

  INSERT INTO ORDERLINES (ORDERLINEID, ORDERID, PROD_ID, QUANTITY, ORDERDATE)
  SELECT l.line, new_order_id, l.prod_id, l.qty, current_date
  FROM unnest(prod_ids, qtys) WITH ORDINALITY AS l(prod_id, qty, line);

  INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID)
  SELECT customerid_in, new_order_id, l.prod_id
  FROM unnest(prod_ids) AS l(prod_id);

  RETURN new_order_id;
END
$$
;
