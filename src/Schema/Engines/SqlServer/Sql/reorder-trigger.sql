-- RESTOCK: a purchase never takes stock below 3. When an update lowers QUAN_IN_STOCK below 3, log a REORDER row
-- (DATE_LOW = today, QUAN_LOW = the would-be quantity) and put the old quantity back; SALES keeps its increment.
-- Set-based on inserted/deleted, so a statement that updates many rows is handled row by row correctly.
-- Only decreases count: restoring a loaded stock of 0..2 (reset) is not bounced back.
CREATE OR ALTER TRIGGER RESTOCK ON INVENTORY
AFTER UPDATE
AS
BEGIN
    SET NOCOUNT ON;
    IF NOT UPDATE(QUAN_IN_STOCK)
        RETURN;

    INSERT INTO REORDER (PROD_ID, DATE_LOW, QUAN_LOW)
    SELECT i.PROD_ID, CAST(GETDATE() AS DATE), i.QUAN_IN_STOCK
    FROM inserted AS i
    INNER JOIN deleted AS d ON d.PROD_ID = i.PROD_ID
    WHERE i.QUAN_IN_STOCK < 3 AND i.QUAN_IN_STOCK < d.QUAN_IN_STOCK;

    IF @@ROWCOUNT = 0
        RETURN;

    UPDATE inv
    SET QUAN_IN_STOCK = d.QUAN_IN_STOCK
    FROM INVENTORY AS inv
    INNER JOIN inserted AS i ON i.PROD_ID = inv.PROD_ID
    INNER JOIN deleted AS d ON d.PROD_ID = i.PROD_ID
    WHERE i.QUAN_IN_STOCK < 3 AND i.QUAN_IN_STOCK < d.QUAN_IN_STOCK;
END
GO
