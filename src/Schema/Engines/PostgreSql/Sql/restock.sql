-- DvdStore PostgreSQL re-order trigger (docs/ds3-compatibility.md, "The store", DS3's SQL Server "bounce back" intent, on every
-- engine): an update that would take QUAN_IN_STOCK down below 3 logs a REORDER row with the would-be
-- quantity and keeps the old stock; SALES keeps its increment. So purchases never take stock below 3
-- and the rollback rate stays flat. Raising stock (a reset, a reload) never fires it.
CREATE OR REPLACE FUNCTION RESTOCK_ORDER()
RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO REORDER (PROD_ID, DATE_LOW, QUAN_LOW) VALUES (NEW.PROD_ID, current_date, NEW.QUAN_IN_STOCK);
  NEW.QUAN_IN_STOCK := OLD.QUAN_IN_STOCK;
  RETURN NEW;
END
$$
;

DROP TRIGGER IF EXISTS RESTOCK ON INVENTORY
;

CREATE TRIGGER RESTOCK
BEFORE UPDATE OF QUAN_IN_STOCK ON INVENTORY
FOR EACH ROW
WHEN (NEW.QUAN_IN_STOCK < 3 AND NEW.QUAN_IN_STOCK < OLD.QUAN_IN_STOCK)
EXECUTE FUNCTION RESTOCK_ORDER()
;
