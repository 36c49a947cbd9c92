-- Oracle Text CONTEXT indexes for BROWSE_BY_ACTOR/TITLE and GET_PROD_REVIEWS_BY_ACTOR/TITLE (DS3's names), built in the
-- Keys phase after the load. The empty stoplist makes every word searchable, as on the other engines; SYNC (ON COMMIT)
-- keeps the indexes current if products change. Needs Oracle Text (CTXSYS) and the CTXAPP role or equivalent.
CREATE INDEX IX_ACTOR_TEXT ON PRODUCTS (ACTOR) INDEXTYPE IS CTXSYS.CONTEXT
    PARAMETERS ('STOPLIST CTXSYS.EMPTY_STOPLIST SYNC (ON COMMIT)')
/
CREATE INDEX IX_TITLE_TEXT ON PRODUCTS (TITLE) INDEXTYPE IS CTXSYS.CONTEXT
    PARAMETERS ('STOPLIST CTXSYS.EMPTY_STOPLIST SYNC (ON COMMIT)')
/
