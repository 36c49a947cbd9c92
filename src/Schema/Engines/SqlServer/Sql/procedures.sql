-- The DS3 procedure interface (docs/ds3-compatibility.md, "The store", SQL Server shapes): names and parameters as DS3's drivers call them,
-- every result a result set (ids as a one-value result). Every result column DS3's SqlClient driver reads with a strict
-- typed getter has the type that getter needs (docs/ds3-compatibility.md, "How DS3's drivers call the store"): INT ids, stars and helpfulness sums, TINYINT
-- CATEGORY/SPECIAL, DATETIME review dates; the store's BIGINT/SMALLINT/DATE columns are CAST in the select lists (ids past
-- 2^31-1 fail there with error 8115, as DS3's 32-bit interface would). Semantics are the kit's (docs/ds3-compatibility.md).

-- Search text is data: each word becomes a quoted full-text term ("FIRST" AND "LAST"); quotes and * are removed
-- from the words, so the text can neither break nor widen the CONTAINS condition. NULL when there is no word.
CREATE OR ALTER FUNCTION DS_FULLTEXT_ALL_WORDS (@text NVARCHAR(4000))
RETURNS NVARCHAR(4000)
AS
BEGIN
    DECLARE @result NVARCHAR(4000);
    SELECT @result = STRING_AGG(CAST(N'"' + w.word + N'"' AS NVARCHAR(MAX)), N' AND ')
    FROM (
        SELECT LTRIM(RTRIM(REPLACE(REPLACE(s.value, N'"', N''), N'*', N''))) AS word
        FROM STRING_SPLIT(REPLACE(REPLACE(REPLACE(@text, NCHAR(9), N' '), NCHAR(10), N' '), NCHAR(13), N' '), N' ') AS s
    ) AS w
    WHERE w.word <> N'';
    RETURN @result;
END
GO

-- LOGIN: the customer id as a one-value result (0 when unknown); when found, a second result with the customer's
-- last 10 purchases: TITLE, ACTOR and the title of the product's COMMON_PROD_ID, newest orders first.
CREATE OR ALTER PROCEDURE LOGIN
    @username_in VARCHAR(50),
    @password_in VARCHAR(50)
AS
BEGIN
    SET NOCOUNT ON;
    DECLARE @customerid BIGINT;
    SELECT @customerid = CUSTOMERID FROM CUSTOMERS WHERE USERNAME = @username_in AND PASSWORD = @password_in;
    IF @customerid IS NULL
    BEGIN
        SELECT CAST(0 AS INT) AS CUSTOMERID;
        RETURN;
    END

    SELECT CAST(@customerid AS INT) AS CUSTOMERID;
    SELECT TOP (10) p.TITLE, p.ACTOR, r.TITLE AS RELATEDPURCHASE
    FROM CUST_HIST AS h
    INNER JOIN PRODUCTS AS p ON p.PROD_ID = h.PROD_ID
    INNER JOIN PRODUCTS AS r ON r.PROD_ID = p.COMMON_PROD_ID
    WHERE h.CUSTOMERID = @customerid
    ORDER BY h.ORDERID DESC;
END
GO

-- NEW_CUSTOMER: the new CUSTOMERID, or 0 when the user name is taken (checked first; a concurrent twin is caught
-- by the unique index IX_CUST_USERNAME).
CREATE OR ALTER PROCEDURE NEW_CUSTOMER
    @firstname_in VARCHAR(50),
    @lastname_in VARCHAR(50),
    @address1_in VARCHAR(50),
    @address2_in VARCHAR(50),
    @city_in VARCHAR(50),
    @state_in VARCHAR(50),
    @zip_in VARCHAR(9),
    @country_in VARCHAR(50),
    @region_in TINYINT,
    @email_in VARCHAR(50),
    @phone_in VARCHAR(50),
    @creditcardtype_in TINYINT,
    @creditcard_in VARCHAR(50),
    @creditcardexpiration_in VARCHAR(50),
    @username_in VARCHAR(50),
    @password_in VARCHAR(50),
    @age_in TINYINT,
    @income_in INT,
    @gender_in VARCHAR(1)
AS
BEGIN
    SET NOCOUNT ON;
    IF EXISTS (SELECT 1 FROM CUSTOMERS WHERE USERNAME = @username_in)
    BEGIN
        SELECT CAST(0 AS BIGINT) AS CUSTOMERID;
        RETURN;
    END

    BEGIN TRY
        INSERT INTO CUSTOMERS (FIRSTNAME, LASTNAME, ADDRESS1, ADDRESS2, CITY, STATE, ZIP, COUNTRY, REGION, EMAIL, PHONE,
            CREDITCARDTYPE, CREDITCARD, CREDITCARDEXPIRATION, USERNAME, PASSWORD, AGE, INCOME, GENDER)
        VALUES (@firstname_in, @lastname_in, @address1_in, @address2_in, @city_in, @state_in, @zip_in, @country_in,
            @region_in, @email_in, @phone_in, @creditcardtype_in, @creditcard_in, @creditcardexpiration_in, @username_in,
            @password_in, @age_in, @income_in, @gender_in);
        SELECT CAST(SCOPE_IDENTITY() AS BIGINT) AS CUSTOMERID;
    END TRY
    BEGIN CATCH
        IF ERROR_NUMBER() IN (2601, 2627)
            SELECT CAST(0 AS BIGINT) AS CUSTOMERID;
        ELSE
            THROW;
    END CATCH
END
GO

-- NEW_MEMBER: the customer id, or 0 when the customer is already a member. EXPIREDATE = today, as in DS3.
CREATE OR ALTER PROCEDURE NEW_MEMBER
    @customerid_in INT,
    @membershiplevel_in INT
AS
BEGIN
    SET NOCOUNT ON;
    IF EXISTS (SELECT 1 FROM MEMBERSHIP WHERE CUSTOMERID = @customerid_in)
    BEGIN
        SELECT CAST(0 AS BIGINT) AS CUSTOMERID;
        RETURN;
    END

    BEGIN TRY
        INSERT INTO MEMBERSHIP (CUSTOMERID, MEMBERSHIPTYPE, EXPIREDATE)
        VALUES (@customerid_in, @membershiplevel_in, CAST(GETDATE() AS DATE));
        SELECT @customerid_in AS CUSTOMERID;
    END TRY
    BEGIN CATCH
        IF ERROR_NUMBER() IN (2601, 2627)
            SELECT CAST(0 AS BIGINT) AS CUSTOMERID;
        ELSE
            THROW;
    END CATCH
END
GO

-- BROWSE_BY_CATEGORY: up to @batch_size_in specials of the category, all PRODUCTS columns.
CREATE OR ALTER PROCEDURE BROWSE_BY_CATEGORY
    @batch_size_in INT,
    @category_in INT
AS
BEGIN
    SET NOCOUNT ON;
    SELECT TOP (@batch_size_in) PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
    FROM PRODUCTS
    WHERE CATEGORY = @category_in AND SPECIAL = 1;
END
GO

-- BROWSE_BY_ACTOR: up to @batch_size_in products whose ACTOR contains all the given words.
CREATE OR ALTER PROCEDURE BROWSE_BY_ACTOR
    @batch_size_in INT,
    @actor_in VARCHAR(50)
AS
BEGIN
    SET NOCOUNT ON;
    DECLARE @search NVARCHAR(4000) = dbo.DS_FULLTEXT_ALL_WORDS(@actor_in);
    IF @search IS NULL
        SELECT TOP (0) PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM FROM PRODUCTS;
    ELSE
        SELECT TOP (@batch_size_in) PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
        FROM PRODUCTS
        WHERE CONTAINS(ACTOR, @search);
END
GO

-- BROWSE_BY_TITLE: up to @batch_size_in products whose TITLE contains all the given words.
CREATE OR ALTER PROCEDURE BROWSE_BY_TITLE
    @batch_size_in INT,
    @title_in VARCHAR(50)
AS
BEGIN
    SET NOCOUNT ON;
    DECLARE @search NVARCHAR(4000) = dbo.DS_FULLTEXT_ALL_WORDS(@title_in);
    IF @search IS NULL
        SELECT TOP (0) PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM FROM PRODUCTS;
    ELSE
        SELECT TOP (@batch_size_in) PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM
        FROM PRODUCTS
        WHERE CONTAINS(TITLE, @search);
END
GO

-- GET_PROD_REVIEWS: the product's rated reviews with the sum of their helpfulness, most helpful first (ties: lower
-- REVIEW_ID). Only narrow (id, total) rows are sorted; the wide review columns are read for the chosen reviews only.
-- Expected plan (docs/engine-plans.md): Index Seek IX_REVIEWS_PROD_ID (PROD_ID = @prod_in) -> Nested Loops ->
--   Stream Aggregate <- Index Seek IX_REVIEWS_HELP_REVID (REVIEW_ID, HELPFULNESS: covering) -> Top N Sort of the
--   narrow (REVIEW_ID, TOTAL) rows -> Nested Loops -> Clustered Index Seek PK_REVIEWS for the @batch_size_in chosen.
CREATE OR ALTER PROCEDURE GET_PROD_REVIEWS
    @batch_size_in INT,
    @prod_in INT
AS
BEGIN
    SET NOCOUNT ON;
    SELECT CAST(r.REVIEW_ID AS INT) AS REVIEW_ID, r.PROD_ID, CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE,
        CAST(r.STARS AS INT) AS STARS, CAST(r.CUSTOMERID AS INT) AS CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        CAST(t.TOTAL AS INT) AS TOTAL
    FROM (
        SELECT TOP (@batch_size_in) k.REVIEW_ID, s.TOTAL
        FROM REVIEWS AS k
        CROSS APPLY (SELECT SUM(CAST(h.HELPFULNESS AS BIGINT)) AS TOTAL
                     FROM REVIEWS_HELPFULNESS AS h WHERE h.REVIEW_ID = k.REVIEW_ID) AS s
        WHERE k.PROD_ID = @prod_in AND s.TOTAL IS NOT NULL
        ORDER BY s.TOTAL DESC, k.REVIEW_ID
    ) AS t
    INNER JOIN REVIEWS AS r ON r.REVIEW_ID = t.REVIEW_ID
    ORDER BY t.TOTAL DESC, t.REVIEW_ID;
END
GO

-- GET_PROD_REVIEWS_BY_STARS: as GET_PROD_REVIEWS, only reviews with @stars_in stars (seek on IX_REVIEWS_PRODSTARS).
CREATE OR ALTER PROCEDURE GET_PROD_REVIEWS_BY_STARS
    @batch_size_in INT,
    @prod_in INT,
    @stars_in INT
AS
BEGIN
    SET NOCOUNT ON;
    SELECT CAST(r.REVIEW_ID AS INT) AS REVIEW_ID, r.PROD_ID, CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE,
        CAST(r.STARS AS INT) AS STARS, CAST(r.CUSTOMERID AS INT) AS CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        CAST(t.TOTAL AS INT) AS TOTAL
    FROM (
        SELECT TOP (@batch_size_in) k.REVIEW_ID, s.TOTAL
        FROM REVIEWS AS k
        CROSS APPLY (SELECT SUM(CAST(h.HELPFULNESS AS BIGINT)) AS TOTAL
                     FROM REVIEWS_HELPFULNESS AS h WHERE h.REVIEW_ID = k.REVIEW_ID) AS s
        WHERE k.PROD_ID = @prod_in AND k.STARS = @stars_in AND s.TOTAL IS NOT NULL
        ORDER BY s.TOTAL DESC, k.REVIEW_ID
    ) AS t
    INNER JOIN REVIEWS AS r ON r.REVIEW_ID = t.REVIEW_ID
    ORDER BY t.TOTAL DESC, t.REVIEW_ID;
END
GO

-- GET_PROD_REVIEWS_BY_DATE: the product's rated reviews, newest first (ties: higher REVIEW_ID); the sort key is narrow.
CREATE OR ALTER PROCEDURE GET_PROD_REVIEWS_BY_DATE
    @batch_size_in INT,
    @prod_in INT
AS
BEGIN
    SET NOCOUNT ON;
    SELECT CAST(r.REVIEW_ID AS INT) AS REVIEW_ID, r.PROD_ID, CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE,
        CAST(r.STARS AS INT) AS STARS, CAST(r.CUSTOMERID AS INT) AS CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        CAST(t.TOTAL AS INT) AS TOTAL
    FROM (
        SELECT TOP (@batch_size_in) k.REVIEW_ID, k.REVIEW_DATE, s.TOTAL
        FROM REVIEWS AS k
        CROSS APPLY (SELECT SUM(CAST(h.HELPFULNESS AS BIGINT)) AS TOTAL
                     FROM REVIEWS_HELPFULNESS AS h WHERE h.REVIEW_ID = k.REVIEW_ID) AS s
        WHERE k.PROD_ID = @prod_in AND s.TOTAL IS NOT NULL
        ORDER BY k.REVIEW_DATE DESC, k.REVIEW_ID DESC
    ) AS t
    INNER JOIN REVIEWS AS r ON r.REVIEW_ID = t.REVIEW_ID
    ORDER BY t.REVIEW_DATE DESC, t.REVIEW_ID DESC;
END
GO

-- GET_PROD_REVIEWS_BY_ACTOR: reviews of products whose ACTOR contains all the words, most helpful first. DS3 caps the
-- work at 500 (product, review) pairs; which 500 is fixed the same way on every engine (docs/ds3-compatibility.md):
-- the first 500 matching products by PROD_ID, then the first 500 of their reviews by (PROD_ID, REVIEW_ID).
-- Expected plan: Full-Text Match (CONTAINS) -> Top N Sort of matching PROD_IDs -> Nested Loops -> Index Seek
--   IX_REVIEWS_PROD_ID (PROD_ID, REVIEW_ID) -> Top N Sort (500) of narrow pairs -> Nested Loops -> Stream Aggregate <-
--   Index Seek IX_REVIEWS_HELP_REVID (covering) -> Top N Sort (narrow) -> Clustered Index Seeks PK_REVIEWS, PK_PRODUCTS.
CREATE OR ALTER PROCEDURE GET_PROD_REVIEWS_BY_ACTOR
    @batch_size_in INT,
    @actor_in VARCHAR(50)
AS
BEGIN
    SET NOCOUNT ON;
    DECLARE @search NVARCHAR(4000) = dbo.DS_FULLTEXT_ALL_WORDS(@actor_in);
    IF @search IS NULL
    BEGIN
        SELECT TOP (0) p.PROD_ID, p.TITLE, p.ACTOR, CAST(r.REVIEW_ID AS INT) AS REVIEW_ID,
            CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE, CAST(r.STARS AS INT) AS STARS, CAST(r.CUSTOMERID AS INT) AS CUSTOMERID,
            r.REVIEW_SUMMARY, r.REVIEW_TEXT, CAST(0 AS INT) AS TOTAL
        FROM PRODUCTS AS p
        INNER JOIN REVIEWS AS r ON r.PROD_ID = p.PROD_ID;
        RETURN;
    END;

    WITH matched AS (
        SELECT TOP (500) f.PROD_ID
        FROM PRODUCTS AS f
        WHERE CONTAINS(f.ACTOR, @search)
        ORDER BY f.PROD_ID
    ),
    pairs AS (
        SELECT TOP (500) k.PROD_ID, k.REVIEW_ID
        FROM matched AS m
        INNER JOIN REVIEWS AS k ON k.PROD_ID = m.PROD_ID
        ORDER BY k.PROD_ID, k.REVIEW_ID
    ),
    chosen AS (
        SELECT TOP (@batch_size_in) pairs.PROD_ID, pairs.REVIEW_ID, s.TOTAL
        FROM pairs
        CROSS APPLY (SELECT SUM(CAST(h.HELPFULNESS AS BIGINT)) AS TOTAL
                     FROM REVIEWS_HELPFULNESS AS h WHERE h.REVIEW_ID = pairs.REVIEW_ID) AS s
        WHERE s.TOTAL IS NOT NULL
        ORDER BY s.TOTAL DESC, pairs.REVIEW_ID
    )
    SELECT p.PROD_ID, p.TITLE, p.ACTOR, CAST(r.REVIEW_ID AS INT) AS REVIEW_ID, CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE,
        CAST(r.STARS AS INT) AS STARS, CAST(r.CUSTOMERID AS INT) AS CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        CAST(c.TOTAL AS INT) AS TOTAL
    FROM chosen AS c
    INNER JOIN REVIEWS AS r ON r.REVIEW_ID = c.REVIEW_ID
    INNER JOIN PRODUCTS AS p ON p.PROD_ID = c.PROD_ID
    ORDER BY c.TOTAL DESC, c.REVIEW_ID;
END
GO

-- GET_PROD_REVIEWS_BY_TITLE: as GET_PROD_REVIEWS_BY_ACTOR on TITLE.
CREATE OR ALTER PROCEDURE GET_PROD_REVIEWS_BY_TITLE
    @batch_size_in INT,
    @title_in VARCHAR(50)
AS
BEGIN
    SET NOCOUNT ON;
    DECLARE @search NVARCHAR(4000) = dbo.DS_FULLTEXT_ALL_WORDS(@title_in);
    IF @search IS NULL
    BEGIN
        SELECT TOP (0) p.PROD_ID, p.TITLE, p.ACTOR, CAST(r.REVIEW_ID AS INT) AS REVIEW_ID,
            CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE, CAST(r.STARS AS INT) AS STARS, CAST(r.CUSTOMERID AS INT) AS CUSTOMERID,
            r.REVIEW_SUMMARY, r.REVIEW_TEXT, CAST(0 AS INT) AS TOTAL
        FROM PRODUCTS AS p
        INNER JOIN REVIEWS AS r ON r.PROD_ID = p.PROD_ID;
        RETURN;
    END;

    WITH matched AS (
        SELECT TOP (500) f.PROD_ID
        FROM PRODUCTS AS f
        WHERE CONTAINS(f.TITLE, @search)
        ORDER BY f.PROD_ID
    ),
    pairs AS (
        SELECT TOP (500) k.PROD_ID, k.REVIEW_ID
        FROM matched AS m
        INNER JOIN REVIEWS AS k ON k.PROD_ID = m.PROD_ID
        ORDER BY k.PROD_ID, k.REVIEW_ID
    ),
    chosen AS (
        SELECT TOP (@batch_size_in) pairs.PROD_ID, pairs.REVIEW_ID, s.TOTAL
        FROM pairs
        CROSS APPLY (SELECT SUM(CAST(h.HELPFULNESS AS BIGINT)) AS TOTAL
                     FROM REVIEWS_HELPFULNESS AS h WHERE h.REVIEW_ID = pairs.REVIEW_ID) AS s
        WHERE s.TOTAL IS NOT NULL
        ORDER BY s.TOTAL DESC, pairs.REVIEW_ID
    )
    SELECT p.PROD_ID, p.TITLE, p.ACTOR, CAST(r.REVIEW_ID AS INT) AS REVIEW_ID, CAST(r.REVIEW_DATE AS DATETIME) AS REVIEW_DATE,
        CAST(r.STARS AS INT) AS STARS, CAST(r.CUSTOMERID AS INT) AS CUSTOMERID, r.REVIEW_SUMMARY, r.REVIEW_TEXT,
        CAST(c.TOTAL AS INT) AS TOTAL
    FROM chosen AS c
    INNER JOIN REVIEWS AS r ON r.REVIEW_ID = c.REVIEW_ID
    INNER JOIN PRODUCTS AS p ON p.PROD_ID = c.PROD_ID
    ORDER BY c.TOTAL DESC, c.REVIEW_ID;
END
GO

-- NEW_PROD_REVIEW: the new REVIEW_ID. REVIEW_DATE = today.
CREATE OR ALTER PROCEDURE NEW_PROD_REVIEW
    @prod_id_in INT,
    @stars_in INT,
    @customerid_in INT,
    @review_summary_in VARCHAR(50),
    @review_text_in VARCHAR(1000)
AS
BEGIN
    SET NOCOUNT ON;
    INSERT INTO REVIEWS (PROD_ID, REVIEW_DATE, STARS, CUSTOMERID, REVIEW_SUMMARY, REVIEW_TEXT)
    VALUES (@prod_id_in, CAST(GETDATE() AS DATE), @stars_in, @customerid_in, @review_summary_in, @review_text_in);
    SELECT CAST(SCOPE_IDENTITY() AS BIGINT) AS REVIEW_ID;
END
GO

-- NEW_REVIEW_HELPFULNESS: the new REVIEW_HELPFULNESS_ID.
CREATE OR ALTER PROCEDURE NEW_REVIEW_HELPFULNESS
    @review_id_in INT,
    @customerid_in INT,
    @review_helpfulness_in INT
AS
BEGIN
    SET NOCOUNT ON;
    INSERT INTO REVIEWS_HELPFULNESS (REVIEW_ID, CUSTOMERID, HELPFULNESS)
    VALUES (@review_id_in, @customerid_in, @review_helpfulness_in);
    SELECT CAST(SCOPE_IDENTITY() AS BIGINT) AS REVIEW_HELPFULNESS_ID;
END
GO

-- PURCHASE: the new ORDERID, or 0 when an item's stock is short (then the whole order is rolled back).
-- The first @number_items (product, quantity) pairs are the cart. Stock is taken in ascending PROD_ID order
-- (so concurrent purchases lock rows in one order and cannot deadlock each other) by a conditional UPDATE that
-- only succeeds when enough is left; RESTOCK then keeps the quantity from going below 3.
CREATE OR ALTER PROCEDURE PURCHASE
    @customerid_in INT,
    @number_items INT,
    @netamount_in MONEY,
    @taxamount_in MONEY,
    @totalamount_in MONEY,
    @prod_id_in0 INT = 0, @qty_in0 INT = 0,
    @prod_id_in1 INT = 0, @qty_in1 INT = 0,
    @prod_id_in2 INT = 0, @qty_in2 INT = 0,
    @prod_id_in3 INT = 0, @qty_in3 INT = 0,
    @prod_id_in4 INT = 0, @qty_in4 INT = 0,
    @prod_id_in5 INT = 0, @qty_in5 INT = 0,
    @prod_id_in6 INT = 0, @qty_in6 INT = 0,
    @prod_id_in7 INT = 0, @qty_in7 INT = 0,
    @prod_id_in8 INT = 0, @qty_in8 INT = 0,
    @prod_id_in9 INT = 0, @qty_in9 INT = 0
AS
BEGIN
    SET NOCOUNT ON;
    SET XACT_ABORT ON;
    DECLARE @today DATE = CAST(GETDATE() AS DATE);
    DECLARE @orderid BIGINT, @seq INT = 1, @count INT, @prod INT, @qty INT;
    DECLARE @items TABLE (SEQ INT IDENTITY(1,1) PRIMARY KEY, POS INT NOT NULL, PROD_ID INT NOT NULL, QTY INT NOT NULL);
    DECLARE @taken TABLE (PROD_ID INT NOT NULL);

    -- INSERT ... SELECT ... ORDER BY numbers the identity in that order: SEQ walks the cart by PROD_ID.
    INSERT INTO @items (POS, PROD_ID, QTY)
    SELECT v.POS, v.PROD_ID, v.QTY
    FROM (VALUES
            (1, @prod_id_in0, @qty_in0),
            (2, @prod_id_in1, @qty_in1),
            (3, @prod_id_in2, @qty_in2),
            (4, @prod_id_in3, @qty_in3),
            (5, @prod_id_in4, @qty_in4),
            (6, @prod_id_in5, @qty_in5),
            (7, @prod_id_in6, @qty_in6),
            (8, @prod_id_in7, @qty_in7),
            (9, @prod_id_in8, @qty_in8),
            (10, @prod_id_in9, @qty_in9)
    ) AS v (POS, PROD_ID, QTY)
    WHERE v.POS <= @number_items
    ORDER BY v.PROD_ID, v.POS;
    SET @count = @@ROWCOUNT;

    BEGIN TRANSACTION;
    INSERT INTO ORDERS (ORDERDATE, CUSTOMERID, NETAMOUNT, TAX, TOTALAMOUNT)
    VALUES (@today, @customerid_in, @netamount_in, @taxamount_in, @totalamount_in);
    SET @orderid = CAST(SCOPE_IDENTITY() AS BIGINT);

    WHILE @seq <= @count
    BEGIN
        SELECT @prod = PROD_ID, @qty = QTY FROM @items WHERE SEQ = @seq;
        DELETE FROM @taken;
        -- OUTPUT INTO (not @@ROWCOUNT) tells whether the row was taken, whatever the trigger does afterwards.
        UPDATE INVENTORY
        SET QUAN_IN_STOCK = QUAN_IN_STOCK - @qty, SALES = SALES + @qty
        OUTPUT inserted.PROD_ID INTO @taken (PROD_ID)
        WHERE PROD_ID = @prod AND QUAN_IN_STOCK >= @qty;
        IF NOT EXISTS (SELECT 1 FROM @taken)
        BEGIN
            ROLLBACK TRANSACTION;
            SELECT CAST(0 AS INT) AS ORDERID;
            RETURN;
        END

        SET @seq = @seq + 1;
    END

    INSERT INTO ORDERLINES (ORDERLINEID, ORDERID, PROD_ID, QUANTITY, ORDERDATE)
    SELECT POS, @orderid, PROD_ID, QTY, @today FROM @items;
    INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID)
    SELECT @customerid_in, @orderid, PROD_ID FROM @items;
    COMMIT TRANSACTION;
    SELECT CAST(@orderid AS INT) AS ORDERID;
END
GO
