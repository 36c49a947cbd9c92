-- RESTOCK: a purchase never takes stock below 3. When an update lowers QUAN_IN_STOCK below 3, log a REORDER row
-- (DATE_LOW = today, QUAN_LOW = the would-be quantity) and keep the old quantity; SALES keeps its increment.
-- Only decreases count: restoring a loaded stock of 0..2 (reset) is not bounced back.
CREATE OR REPLACE TRIGGER RESTOCK
BEFORE UPDATE OF QUAN_IN_STOCK ON INVENTORY
FOR EACH ROW
WHEN (NEW.QUAN_IN_STOCK < 3 AND NEW.QUAN_IN_STOCK < OLD.QUAN_IN_STOCK)
BEGIN
    INSERT INTO REORDER (PROD_ID, DATE_LOW, QUAN_LOW)
    VALUES (:NEW.PROD_ID, TRUNC(SYSDATE), :NEW.QUAN_IN_STOCK);
    :NEW.QUAN_IN_STOCK := :OLD.QUAN_IN_STOCK;
END RESTOCK;
/
