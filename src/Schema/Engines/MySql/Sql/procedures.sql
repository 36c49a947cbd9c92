-- DvdStore: the DS3 stored procedures for MySQL 8 and MariaDB 10.6+.
-- Batches end with a line holding only ';;' (DELIMITER is a client command, so it is not used);
-- to run this file by hand: mysql --delimiter=';;' <database> < procedures.sql
-- Names and parameters follow DS3 (facts 1.6). NEW_CUSTOMER, NEW_MEMBER, NEW_PROD_REVIEW and
-- NEW_REVIEW_HELPFULNESS keep DS3 MySQL's parameter names and trailing OUT parameter, so DS3's MySQL
-- driver can call them by name, with DS3's 32-bit ids (zip_in stays text, as the ZIP column, so leading zeros survive; DS3's
-- driver sends an INT, which the server converts); the other procedures return result sets
-- (PURCHASE: a trailing OUT parameter).
-- String parameters are utf8mb4 with the default collation, like the tables.

DROP PROCEDURE IF EXISTS DS_SEARCH_TERMS
;;
-- Turns user search text into (a) a BOOLEAN MODE query that requires every word ('+WORD ...') and
-- (b) a regular expression that requires the words the full-text index cannot hold (shorter than
-- innodb_ft_min_token_size or longer than innodb_ft_max_token_size). The text is data: everything but
-- letters, digits and '_' becomes a word break, so quotes, %, _, backslashes and boolean operators
-- (+ - * " ( ) ~ < > @) cannot change the query.
CREATE PROCEDURE DS_SEARCH_TERMS(
  IN search_in TEXT CHARACTER SET utf8mb4,
  OUT ft_out TEXT CHARACTER SET utf8mb4,
  OUT rx_out TEXT CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  DECLARE v_rest TEXT CHARACTER SET utf8mb4;
  DECLARE v_word TEXT CHARACTER SET utf8mb4;
  DECLARE v_min_len INT DEFAULT @@innodb_ft_min_token_size;
  DECLARE v_max_len INT DEFAULT @@innodb_ft_max_token_size;
  SET ft_out = '';
  SET rx_out = '';
  SET v_rest = TRIM(REGEXP_REPLACE(COALESCE(search_in, ''), '[^\\p{L}\\p{N}_]+', ' '));
  WHILE v_rest <> '' DO
    SET v_word = SUBSTRING_INDEX(v_rest, ' ', 1);
    SET v_rest = TRIM(SUBSTRING(v_rest, CHAR_LENGTH(v_word) + 1));
    IF CHAR_LENGTH(v_word) BETWEEN v_min_len AND v_max_len THEN
      SET ft_out = CONCAT(ft_out, ' +', v_word);
    ELSE
      -- A whole word: bounded by a non-word character or the ends of the value.
      SET rx_out = CONCAT(rx_out, '(?=(.*[^\\p{L}\\p{N}_])?', v_word, '([^\\p{L}\\p{N}_].*)?$)');
    END IF;
  END WHILE;
  SET ft_out = TRIM(ft_out);
  IF rx_out <> '' THEN
    SET rx_out = CONCAT('(?s)^', rx_out);
  END IF;
END
;;

DROP PROCEDURE IF EXISTS LOGIN
;;
-- Result 1: the customer id (0 when user name and password match nobody). When found, result 2: the
-- customer's last 10 purchased products (newest orders first) with the title of each one's related product.
CREATE PROCEDURE LOGIN(
  IN username_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN password_in VARCHAR(50) CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  DECLARE v_customer BIGINT DEFAULT 0;
  -- The password compares byte for byte; the user name like the unique index (case-insensitive).
  SET v_customer = COALESCE((SELECT CUSTOMERID FROM CUSTOMERS
                           WHERE USERNAME = username_in AND CAST(PASSWORD AS BINARY) = CAST(password_in AS BINARY)
                           LIMIT 1), 0);
  SELECT v_customer AS CUSTOMERID;
  IF v_customer <> 0 THEN
    SELECT P.TITLE, P.ACTOR, COALESCE(R.TITLE, '') AS RELATEDPURCHASE
    FROM CUST_HIST H
    JOIN PRODUCTS P ON P.PROD_ID = H.PROD_ID
    LEFT JOIN PRODUCTS R ON R.PROD_ID = P.COMMON_PROD_ID
    WHERE H.CUSTOMERID = v_customer
    ORDER BY H.ORDERID DESC, H.PROD_ID
    LIMIT 10;
  END IF;
END
;;

DROP PROCEDURE IF EXISTS NEW_CUSTOMER
;;
-- customerid_out: the new CUSTOMERID, or 0 when the user name is taken (checked first; a racing
-- duplicate is caught by the unique index IX_CUST_USERNAME).
CREATE PROCEDURE NEW_CUSTOMER(
  IN firstname_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN lastname_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN address1_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN address2_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN city_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN state_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN zip_in VARCHAR(9) CHARACTER SET utf8mb4,
  IN country_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN region_in INT,
  IN email_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN phone_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN creditcardtype_in INT,
  IN creditcard_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN creditcardexpiration_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN username_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN password_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN age_in INT,
  IN income_in INT,
  IN gender_in VARCHAR(1) CHARACTER SET utf8mb4,
  OUT customerid_out INT)
  MODIFIES SQL DATA
BEGIN
  DECLARE v_duplicate INT DEFAULT 0;
  DECLARE CONTINUE HANDLER FOR 1062 SET v_duplicate = 1;
  SET customerid_out = 0;
  IF NOT EXISTS (SELECT 1 FROM CUSTOMERS WHERE USERNAME = username_in) THEN
    INSERT INTO CUSTOMERS (FIRSTNAME, LASTNAME, ADDRESS1, ADDRESS2, CITY, STATE, ZIP, COUNTRY, REGION, EMAIL, PHONE,
                           CREDITCARDTYPE, CREDITCARD, CREDITCARDEXPIRATION, USERNAME, PASSWORD, AGE, INCOME, GENDER)
    VALUES (firstname_in, lastname_in, address1_in, address2_in, city_in, state_in, zip_in, country_in, region_in,
            email_in, phone_in, creditcardtype_in, creditcard_in, creditcardexpiration_in, username_in, password_in,
            age_in, income_in, gender_in);
    IF v_duplicate = 0 THEN
      SET customerid_out = LAST_INSERT_ID();
    END IF;
  END IF;
END
;;

DROP PROCEDURE IF EXISTS NEW_MEMBER
;;
-- customerid_out: the customer id, or 0 when the customer is already a member. EXPIREDATE = today (DS3).
CREATE PROCEDURE NEW_MEMBER(
  IN customerid_in INT,
  IN membershiplevel_in INT,
  OUT customerid_out INT)
  MODIFIES SQL DATA
BEGIN
  DECLARE v_duplicate INT DEFAULT 0;
  DECLARE CONTINUE HANDLER FOR 1062 SET v_duplicate = 1;
  SET customerid_out = 0;
  IF NOT EXISTS (SELECT 1 FROM MEMBERSHIP WHERE CUSTOMERID = customerid_in) THEN
    INSERT INTO MEMBERSHIP (CUSTOMERID, MEMBERSHIPTYPE, EXPIREDATE) VALUES (customerid_in, membershiplevel_in, CURRENT_DATE);
    IF v_duplicate = 0 THEN
      SET customerid_out = customerid_in;
    END IF;
  END IF;
END
;;

DROP PROCEDURE IF EXISTS BROWSE_BY_CATEGORY
;;
CREATE PROCEDURE BROWSE_BY_CATEGORY(IN batch_size INT, IN category_in INT)
  READS SQL DATA
BEGIN
  SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
  FROM PRODUCTS
  WHERE CATEGORY = category_in AND SPECIAL = 1
  LIMIT batch_size;
END
;;

DROP PROCEDURE IF EXISTS BROWSE_BY_ACTOR
;;
-- Products whose ACTOR holds every word of actor_in (full-text; see DS_SEARCH_TERMS).
CREATE PROCEDURE BROWSE_BY_ACTOR(IN batch_size INT, IN actor_in TEXT CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  DECLARE v_ft TEXT CHARACTER SET utf8mb4;
  DECLARE v_rx TEXT CHARACTER SET utf8mb4;
  CALL DS_SEARCH_TERMS(actor_in, v_ft, v_rx);
  IF v_ft <> '' THEN
    SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    FROM PRODUCTS
    WHERE MATCH (ACTOR) AGAINST (v_ft IN BOOLEAN MODE) AND (v_rx = '' OR ACTOR REGEXP v_rx)
    LIMIT batch_size;
  ELSEIF v_rx <> '' THEN
    -- Only words the index cannot hold: a scan, rare (e.g. a two-letter name).
    SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    FROM PRODUCTS
    WHERE v_rx <> '' AND ACTOR REGEXP v_rx
    LIMIT batch_size;
  ELSE
    -- No words at all: nothing matches, same columns.
    SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    FROM PRODUCTS
    WHERE PROD_ID IS NULL;
  END IF;
END
;;

DROP PROCEDURE IF EXISTS BROWSE_BY_TITLE
;;
-- Products whose TITLE holds every word of title_in (full-text; see DS_SEARCH_TERMS).
CREATE PROCEDURE BROWSE_BY_TITLE(IN batch_size INT, IN title_in TEXT CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  DECLARE v_ft TEXT CHARACTER SET utf8mb4;
  DECLARE v_rx TEXT CHARACTER SET utf8mb4;
  CALL DS_SEARCH_TERMS(title_in, v_ft, v_rx);
  IF v_ft <> '' THEN
    SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    FROM PRODUCTS
    WHERE MATCH (TITLE) AGAINST (v_ft IN BOOLEAN MODE) AND (v_rx = '' OR TITLE REGEXP v_rx)
    LIMIT batch_size;
  ELSEIF v_rx <> '' THEN
    SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    FROM PRODUCTS
    WHERE v_rx <> '' AND TITLE REGEXP v_rx
    LIMIT batch_size;
  ELSE
    SELECT PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    FROM PRODUCTS
    WHERE PROD_ID IS NULL;
  END IF;
END
;;

DROP PROCEDURE IF EXISTS GET_PROD_REVIEWS
;;
-- The product's reviews that have ratings, with the sum of their helpfulness, most helpful first.
-- Plan (docs/engine-plans.md): the product's review ids from IX_REVIEWS_PROD_ID, each one's sum from the covering
-- IX_REVIEWS_HELP_REVID (REVIEW_ID, HELPFULNESS); only the narrow (id, total) rows are sorted, and only the
-- batch_size chosen ones are joined to the wide review columns.
CREATE PROCEDURE GET_PROD_REVIEWS(IN batch_size INT, IN prod_in INT)
  READS SQL DATA
BEGIN
  SELECT R.REVIEW_ID, R.PROD_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY, R.REVIEW_TEXT, T.TOTAL
  FROM (SELECT K.REVIEW_ID, CAST(SUM(H.HELPFULNESS) AS SIGNED) AS TOTAL
        FROM REVIEWS K
        JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = K.REVIEW_ID
        WHERE K.PROD_ID = prod_in
        GROUP BY K.REVIEW_ID
        ORDER BY TOTAL DESC, K.REVIEW_ID
        LIMIT batch_size) T
  JOIN REVIEWS R ON R.REVIEW_ID = T.REVIEW_ID
  ORDER BY T.TOTAL DESC, T.REVIEW_ID;
END
;;

DROP PROCEDURE IF EXISTS GET_PROD_REVIEWS_BY_STARS
;;
-- As GET_PROD_REVIEWS, the reviews with stars_in stars (IX_REVIEWS_PRODSTARS).
CREATE PROCEDURE GET_PROD_REVIEWS_BY_STARS(IN batch_size INT, IN prod_in INT, IN stars_in INT)
  READS SQL DATA
BEGIN
  SELECT R.REVIEW_ID, R.PROD_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY, R.REVIEW_TEXT, T.TOTAL
  FROM (SELECT K.REVIEW_ID, CAST(SUM(H.HELPFULNESS) AS SIGNED) AS TOTAL
        FROM REVIEWS K
        JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = K.REVIEW_ID
        WHERE K.PROD_ID = prod_in AND K.STARS = stars_in
        GROUP BY K.REVIEW_ID
        ORDER BY TOTAL DESC, K.REVIEW_ID
        LIMIT batch_size) T
  JOIN REVIEWS R ON R.REVIEW_ID = T.REVIEW_ID
  ORDER BY T.TOTAL DESC, T.REVIEW_ID;
END
;;

DROP PROCEDURE IF EXISTS GET_PROD_REVIEWS_BY_DATE
;;
-- As GET_PROD_REVIEWS, newest first: the sort key (date, id) is narrow too.
CREATE PROCEDURE GET_PROD_REVIEWS_BY_DATE(IN batch_size INT, IN prod_in INT)
  READS SQL DATA
BEGIN
  SELECT R.REVIEW_ID, R.PROD_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY, R.REVIEW_TEXT, T.TOTAL
  FROM (SELECT K.REVIEW_ID, K.REVIEW_DATE, CAST(SUM(H.HELPFULNESS) AS SIGNED) AS TOTAL
        FROM REVIEWS K
        JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = K.REVIEW_ID
        WHERE K.PROD_ID = prod_in
        GROUP BY K.REVIEW_ID, K.REVIEW_DATE
        ORDER BY K.REVIEW_DATE DESC, K.REVIEW_ID DESC
        LIMIT batch_size) T
  JOIN REVIEWS R ON R.REVIEW_ID = T.REVIEW_ID
  ORDER BY T.REVIEW_DATE DESC, T.REVIEW_ID DESC;
END
;;

DROP PROCEDURE IF EXISTS DS_REVIEW_PRODUCTS
;;
-- The products that supply a review search's pairs. DS3 caps the work at 500 (product, review) pairs; which 500 is
-- fixed the same way on every engine (docs/ds3-compatibility.md): the first 500 matching products by PROD_ID, then the
-- first 500 of their reviews by (PROD_ID, REVIEW_ID). Those pairs all belong to the first matching products up to
-- the one whose reviews reach 500; products_out lists them (a JSON array of PROD_IDs, for JSON_TABLE).
-- Why a walk: MariaDB 10.11 has no LATERAL, so a join of the matching products to their reviews reads the reviews of
-- every matching product (10,000 index entries for 500 products at 100MB) before it keeps 500. Here each product's
-- reviews are counted from the index until the cap is reached: ~25 products and ~500 entries on any store size.
-- by_title: 0 searches ACTOR, 1 TITLE. ft_in, rx_in: as DS_SEARCH_TERMS makes them (no full-text term: a scan, rare).
CREATE PROCEDURE DS_REVIEW_PRODUCTS(
  IN by_title INT,
  IN ft_in TEXT CHARACTER SET utf8mb4,
  IN rx_in TEXT CHARACTER SET utf8mb4,
  OUT products_out TEXT CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  DECLARE v_prod INT;
  DECLARE v_pairs INT DEFAULT 0;
  DECLARE v_done INT DEFAULT 0;
  DECLARE v_source INT DEFAULT IF(by_title = 1, 2, 0) + IF(ft_in <> '', 0, 1);
  DECLARE actor_ft CURSOR FOR
    SELECT F.PROD_ID FROM PRODUCTS F
    WHERE MATCH (F.ACTOR) AGAINST (ft_in IN BOOLEAN MODE) AND (rx_in = '' OR F.ACTOR REGEXP rx_in)
    ORDER BY F.PROD_ID
    LIMIT 500;
  DECLARE actor_rx CURSOR FOR
    SELECT F.PROD_ID FROM PRODUCTS F WHERE rx_in <> '' AND F.ACTOR REGEXP rx_in ORDER BY F.PROD_ID LIMIT 500;
  DECLARE title_ft CURSOR FOR
    SELECT F.PROD_ID FROM PRODUCTS F
    WHERE MATCH (F.TITLE) AGAINST (ft_in IN BOOLEAN MODE) AND (rx_in = '' OR F.TITLE REGEXP rx_in)
    ORDER BY F.PROD_ID
    LIMIT 500;
  DECLARE title_rx CURSOR FOR
    SELECT F.PROD_ID FROM PRODUCTS F WHERE rx_in <> '' AND F.TITLE REGEXP rx_in ORDER BY F.PROD_ID LIMIT 500;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_done = 1;
  SET products_out = '';
  CASE v_source
    WHEN 0 THEN OPEN actor_ft;
    WHEN 1 THEN OPEN actor_rx;
    WHEN 2 THEN OPEN title_ft;
    ELSE OPEN title_rx;
  END CASE;
  walk: LOOP
    CASE v_source
      WHEN 0 THEN FETCH actor_ft INTO v_prod;
      WHEN 1 THEN FETCH actor_rx INTO v_prod;
      WHEN 2 THEN FETCH title_ft INTO v_prod;
      ELSE FETCH title_rx INTO v_prod;
    END CASE;
    IF v_done = 1 THEN
      LEAVE walk;
    END IF;
    SET products_out = CONCAT(products_out, IF(products_out = '', '', ','), v_prod);
    SET v_pairs = v_pairs + (SELECT COUNT(*) FROM REVIEWS K WHERE K.PROD_ID = v_prod);
    IF v_pairs >= 500 THEN
      LEAVE walk;
    END IF;
  END LOOP;
  CASE v_source
    WHEN 0 THEN CLOSE actor_ft;
    WHEN 1 THEN CLOSE actor_rx;
    WHEN 2 THEN CLOSE title_ft;
    ELSE CLOSE title_rx;
  END CASE;
  SET products_out = CONCAT('[', products_out, ']');
END
;;

DROP PROCEDURE IF EXISTS DS_REVIEWS_OF_PRODUCTS
;;
-- The result of a review search: of the first 500 reviews by (PROD_ID, REVIEW_ID) of products_in (DS_REVIEW_PRODUCTS),
-- the batch_size most helpful. Only ids and sums are sorted; the wide columns are read for the batch_size chosen
-- reviews (plan: docs/engine-plans.md).
CREATE PROCEDURE DS_REVIEWS_OF_PRODUCTS(IN batch_size INT, IN products_in TEXT CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  SELECT P.PROD_ID, P.TITLE, P.ACTOR, R.REVIEW_ID, R.REVIEW_DATE, R.STARS, R.CUSTOMERID, R.REVIEW_SUMMARY,
         R.REVIEW_TEXT, T.TOTAL
  FROM (SELECT M.REVIEW_ID, CAST(SUM(H.HELPFULNESS) AS SIGNED) AS TOTAL
        FROM (SELECT K.REVIEW_ID
              FROM JSON_TABLE(products_in, '$[*]' COLUMNS (PROD_ID INT PATH '$')) S
              JOIN REVIEWS K ON K.PROD_ID = S.PROD_ID
              ORDER BY K.PROD_ID, K.REVIEW_ID
              LIMIT 500) M
        JOIN REVIEWS_HELPFULNESS H ON H.REVIEW_ID = M.REVIEW_ID
        GROUP BY M.REVIEW_ID
        ORDER BY TOTAL DESC, M.REVIEW_ID
        LIMIT batch_size) T
  JOIN REVIEWS R ON R.REVIEW_ID = T.REVIEW_ID
  JOIN PRODUCTS P ON P.PROD_ID = R.PROD_ID
  ORDER BY T.TOTAL DESC, T.REVIEW_ID;
END
;;

DROP PROCEDURE IF EXISTS GET_PROD_REVIEWS_BY_ACTOR
;;
-- Reviews of products whose ACTOR holds every word, most helpful first, within DS3's 500-pair cap
-- (DS_REVIEW_PRODUCTS, DS_REVIEWS_OF_PRODUCTS).
CREATE PROCEDURE GET_PROD_REVIEWS_BY_ACTOR(IN batch_size INT, IN actor_in TEXT CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  DECLARE v_ft TEXT CHARACTER SET utf8mb4;
  DECLARE v_rx TEXT CHARACTER SET utf8mb4;
  DECLARE v_products TEXT CHARACTER SET utf8mb4;
  CALL DS_SEARCH_TERMS(actor_in, v_ft, v_rx);
  CALL DS_REVIEW_PRODUCTS(0, v_ft, v_rx, v_products);
  CALL DS_REVIEWS_OF_PRODUCTS(batch_size, v_products);
END
;;

DROP PROCEDURE IF EXISTS GET_PROD_REVIEWS_BY_TITLE
;;
-- Reviews of products whose TITLE holds every word, most helpful first, within DS3's 500-pair cap
-- (DS_REVIEW_PRODUCTS, DS_REVIEWS_OF_PRODUCTS).
CREATE PROCEDURE GET_PROD_REVIEWS_BY_TITLE(IN batch_size INT, IN title_in TEXT CHARACTER SET utf8mb4)
  READS SQL DATA
BEGIN
  DECLARE v_ft TEXT CHARACTER SET utf8mb4;
  DECLARE v_rx TEXT CHARACTER SET utf8mb4;
  DECLARE v_products TEXT CHARACTER SET utf8mb4;
  CALL DS_SEARCH_TERMS(title_in, v_ft, v_rx);
  CALL DS_REVIEW_PRODUCTS(1, v_ft, v_rx, v_products);
  CALL DS_REVIEWS_OF_PRODUCTS(batch_size, v_products);
END
;;

DROP PROCEDURE IF EXISTS NEW_PROD_REVIEW
;;
-- review_id_out: the new REVIEW_ID. REVIEW_DATE = today.
CREATE PROCEDURE NEW_PROD_REVIEW(
  IN prod_id_in INT,
  IN stars_in INT,
  IN customerid_in INT,
  IN review_summary_in VARCHAR(50) CHARACTER SET utf8mb4,
  IN review_text_in VARCHAR(1000) CHARACTER SET utf8mb4,
  OUT review_id_out INT)
  MODIFIES SQL DATA
BEGIN
  INSERT INTO REVIEWS (PROD_ID, REVIEW_DATE, STARS, CUSTOMERID, REVIEW_SUMMARY, REVIEW_TEXT)
  VALUES (prod_id_in, CURRENT_DATE, stars_in, customerid_in, review_summary_in, review_text_in);
  SET review_id_out = LAST_INSERT_ID();
END
;;

DROP PROCEDURE IF EXISTS NEW_REVIEW_HELPFULNESS
;;
-- review_helpfulness_id_out: the new REVIEW_HELPFULNESS_ID.
CREATE PROCEDURE NEW_REVIEW_HELPFULNESS(
  IN review_id_in INT,
  IN customerid_in INT,
  IN review_helpfulness_in INT,
  OUT review_helpfulness_id_out INT)
  MODIFIES SQL DATA
BEGIN
  INSERT INTO REVIEWS_HELPFULNESS (REVIEW_ID, CUSTOMERID, HELPFULNESS)
  VALUES (review_id_in, customerid_in, review_helpfulness_in);
  SET review_helpfulness_id_out = LAST_INSERT_ID();
END
;;

DROP PROCEDURE IF EXISTS PURCHASE
;;
-- One order in one transaction: ORDERS row, then per item in ascending PROD_ID order (so concurrent
-- purchases lock inventory rows in the same order and do not deadlock) an atomic "take q if at least q
-- in stock". If any item is short the whole order is rolled back and neworderid_out is 0. Otherwise
-- ORDERLINES (ORDERLINEID = position in the request) and CUST_HIST rows are added and the order commits.
-- The first number_items of the ten (prod_id_inN, qty_inN) pairs are the cart; quantities must be >= 1.
-- Starting the transaction commits one the caller may have open, as any MySQL procedure that does so.
CREATE PROCEDURE PURCHASE(
  IN customerid_in INT,
  IN number_items INT,
  IN netamount_in DECIMAL(12,2),
  IN taxamount_in DECIMAL(12,2),
  IN totalamount_in DECIMAL(12,2),
  IN prod_id_in0 INT, IN qty_in0 INT,
  IN prod_id_in1 INT, IN qty_in1 INT,
  IN prod_id_in2 INT, IN qty_in2 INT,
  IN prod_id_in3 INT, IN qty_in3 INT,
  IN prod_id_in4 INT, IN qty_in4 INT,
  IN prod_id_in5 INT, IN qty_in5 INT,
  IN prod_id_in6 INT, IN qty_in6 INT,
  IN prod_id_in7 INT, IN qty_in7 INT,
  IN prod_id_in8 INT, IN qty_in8 INT,
  IN prod_id_in9 INT, IN qty_in9 INT,
  OUT neworderid_out INT)
  MODIFIES SQL DATA
BEGIN
  DECLARE v_order_id BIGINT;
  DECLARE v_item_prod INT;
  DECLARE v_item_qty INT;
  DECLARE v_done INT DEFAULT 0;
  DECLARE v_short INT DEFAULT 0;
  DECLARE v_items CURSOR FOR
    SELECT PROD, QTY FROM (
      SELECT 1 AS POS, prod_id_in0 AS PROD, qty_in0 AS QTY UNION ALL SELECT 2, prod_id_in1, qty_in1
      UNION ALL SELECT 3, prod_id_in2, qty_in2 UNION ALL SELECT 4, prod_id_in3, qty_in3
      UNION ALL SELECT 5, prod_id_in4, qty_in4 UNION ALL SELECT 6, prod_id_in5, qty_in5
      UNION ALL SELECT 7, prod_id_in6, qty_in6 UNION ALL SELECT 8, prod_id_in7, qty_in7
      UNION ALL SELECT 9, prod_id_in8, qty_in8 UNION ALL SELECT 10, prod_id_in9, qty_in9) CART
    WHERE POS <= number_items
    ORDER BY PROD, POS;
  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_done = 1;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION
  BEGIN
    ROLLBACK;
    RESIGNAL;
  END;

  SET neworderid_out = 0;
  START TRANSACTION;
  INSERT INTO ORDERS (ORDERDATE, CUSTOMERID, NETAMOUNT, TAX, TOTALAMOUNT)
  VALUES (CURRENT_DATE, customerid_in, netamount_in, taxamount_in, totalamount_in);
  SET v_order_id = LAST_INSERT_ID();

  OPEN v_items;
  take_stock: LOOP
    FETCH v_items INTO v_item_prod, v_item_qty;
    IF v_done = 1 THEN
      LEAVE take_stock;
    END IF;
    -- SALES always grows by q, so a successful update always changes the row and ROW_COUNT() is 1
    -- whether the client counts found or changed rows (the re-order trigger may keep the old stock).
    UPDATE INVENTORY SET QUAN_IN_STOCK = QUAN_IN_STOCK - v_item_qty, SALES = SALES + v_item_qty
    WHERE PROD_ID = v_item_prod AND QUAN_IN_STOCK >= v_item_qty AND v_item_qty > 0;
    IF ROW_COUNT() = 0 THEN
      SET v_short = 1;
      LEAVE take_stock;
    END IF;
  END LOOP;
  CLOSE v_items;

  IF v_short = 1 THEN
    ROLLBACK;
  ELSE
    INSERT INTO ORDERLINES (ORDERLINEID, ORDERID, PROD_ID, QUANTITY, ORDERDATE)
    SELECT POS, v_order_id, PROD, QTY, CURRENT_DATE FROM (
      SELECT 1 AS POS, prod_id_in0 AS PROD, qty_in0 AS QTY UNION ALL SELECT 2, prod_id_in1, qty_in1
      UNION ALL SELECT 3, prod_id_in2, qty_in2 UNION ALL SELECT 4, prod_id_in3, qty_in3
      UNION ALL SELECT 5, prod_id_in4, qty_in4 UNION ALL SELECT 6, prod_id_in5, qty_in5
      UNION ALL SELECT 7, prod_id_in6, qty_in6 UNION ALL SELECT 8, prod_id_in7, qty_in7
      UNION ALL SELECT 9, prod_id_in8, qty_in8 UNION ALL SELECT 10, prod_id_in9, qty_in9) CART
    WHERE POS <= number_items;
    INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID)
    SELECT customerid_in, v_order_id, PROD FROM (
      SELECT 1 AS POS, prod_id_in0 AS PROD UNION ALL SELECT 2, prod_id_in1 UNION ALL SELECT 3, prod_id_in2
      UNION ALL SELECT 4, prod_id_in3 UNION ALL SELECT 5, prod_id_in4 UNION ALL SELECT 6, prod_id_in5
      UNION ALL SELECT 7, prod_id_in6 UNION ALL SELECT 8, prod_id_in7 UNION ALL SELECT 9, prod_id_in8
      UNION ALL SELECT 10, prod_id_in9) CART
    WHERE POS <= number_items;
    COMMIT;
    SET neworderid_out = v_order_id;
  END IF;
END
;;
