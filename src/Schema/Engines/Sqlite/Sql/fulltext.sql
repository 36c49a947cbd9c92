-- SQLite full-text search for BROWSE_BY_ACTOR/_TITLE and GET_PROD_REVIEWS_BY_ACTOR/_TITLE (Keys phase, after the load).
-- An external-content FTS5 table: it indexes PRODUCTS(TITLE, ACTOR) without a second copy of the text, keyed by
-- PROD_ID (the rowid). unicode61 folds case; diacritics are kept, like PostgreSQL's 'simple' configuration.
-- Runs as one batch: SQLite executes each statement in turn.
CREATE VIRTUAL TABLE PRODUCTS_FTS USING fts5(
  TITLE, ACTOR,
  content = 'PRODUCTS', content_rowid = 'PROD_ID',
  tokenize = 'unicode61 remove_diacritics 0'
);

-- Index every loaded product in one pass.
INSERT INTO PRODUCTS_FTS (PRODUCTS_FTS) VALUES ('rebuild');

-- Keep the index in step with PRODUCTS from now on (the workload never changes products; reset or a DBA might).
CREATE TRIGGER PRODUCTS_FTS_INSERT AFTER INSERT ON PRODUCTS
BEGIN
  INSERT INTO PRODUCTS_FTS (rowid, TITLE, ACTOR) VALUES (NEW.PROD_ID, NEW.TITLE, NEW.ACTOR);
END;

CREATE TRIGGER PRODUCTS_FTS_DELETE AFTER DELETE ON PRODUCTS
BEGIN
  INSERT INTO PRODUCTS_FTS (PRODUCTS_FTS, rowid, TITLE, ACTOR) VALUES ('delete', OLD.PROD_ID, OLD.TITLE, OLD.ACTOR);
END;

CREATE TRIGGER PRODUCTS_FTS_UPDATE AFTER UPDATE OF PROD_ID, TITLE, ACTOR ON PRODUCTS
BEGIN
  INSERT INTO PRODUCTS_FTS (PRODUCTS_FTS, rowid, TITLE, ACTOR) VALUES ('delete', OLD.PROD_ID, OLD.TITLE, OLD.ACTOR);
  INSERT INTO PRODUCTS_FTS (rowid, TITLE, ACTOR) VALUES (NEW.PROD_ID, NEW.TITLE, NEW.ACTOR);
END;
