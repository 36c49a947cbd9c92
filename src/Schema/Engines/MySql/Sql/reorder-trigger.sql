-- DvdStore: the re-order trigger for MySQL 8 and MariaDB 10.6+ (DS3's MySQL build had none that worked).
-- Batches end with a line holding only ';;'; to run by hand: mysql --delimiter=';;' <database> < reorder-trigger.sql
-- When an update would take QUAN_IN_STOCK down to below 3, log a REORDER row (QUAN_LOW = the would-be
-- quantity) and keep the old stock; SALES keeps its increment. DS3's SQL Server "bounce back": purchases
-- never take stock below 3. Only decreases bounce, so restoring inventory to its loaded values always works.

DROP TRIGGER IF EXISTS RESTOCK
;;
CREATE TRIGGER RESTOCK BEFORE UPDATE ON INVENTORY
FOR EACH ROW
BEGIN
  IF NEW.QUAN_IN_STOCK < 3 AND NEW.QUAN_IN_STOCK < OLD.QUAN_IN_STOCK THEN
    INSERT INTO REORDER (PROD_ID, DATE_LOW, QUAN_LOW) VALUES (NEW.PROD_ID, CURRENT_DATE, NEW.QUAN_IN_STOCK);
    SET NEW.QUAN_IN_STOCK = OLD.QUAN_IN_STOCK;
  END IF;
END
;;
