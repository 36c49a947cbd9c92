-- The re-order trigger (Programmability phase): DS3's SQL Server "bounce back" intent (docs/ds3-compatibility.md, "The store").
-- When a purchase would leave fewer than 3 in stock, log a REORDER row with the would-be quantity and put
-- QUAN_IN_STOCK back to its old value; SALES keeps the increment. So purchases never take stock below 3, and
-- PURCHASE rolls back only when stock < quantity ordered.
-- Only decreases fire it, so restoring loaded stock (reset) is not bounced back. The inner UPDATE does not
-- fire the trigger again: PRAGMA recursive_triggers is off (SQLite's default, and the engine never turns it on).
CREATE TRIGGER RESTOCK AFTER UPDATE OF QUAN_IN_STOCK ON INVENTORY
FOR EACH ROW
WHEN NEW.QUAN_IN_STOCK < 3 AND NEW.QUAN_IN_STOCK < OLD.QUAN_IN_STOCK
BEGIN
  INSERT INTO REORDER (PROD_ID, DATE_LOW, QUAN_LOW) VALUES (NEW.PROD_ID, date('now'), NEW.QUAN_IN_STOCK);
  UPDATE INVENTORY SET QUAN_IN_STOCK = OLD.QUAN_IN_STOCK WHERE PROD_ID = NEW.PROD_ID;
END;
