-- Full-text search on PRODUCTS(ACTOR, TITLE) for BROWSE_BY_ACTOR/TITLE and GET_PROD_REVIEWS_BY_ACTOR/TITLE.
-- Built in the Keys phase, after the load (the Full-Text Search feature must be installed).
-- STOPLIST = OFF: every word of a title or actor is searchable, as on the other engines.
IF NOT EXISTS (SELECT 1 FROM sys.fulltext_catalogs WHERE name = 'FULLTEXTCAT_DSPROD')
    CREATE FULLTEXT CATALOG FULLTEXTCAT_DSPROD;
GO
CREATE FULLTEXT INDEX ON PRODUCTS (ACTOR, TITLE)
    KEY INDEX PK_PRODUCTS ON FULLTEXTCAT_DSPROD
    WITH (CHANGE_TRACKING = AUTO, STOPLIST = OFF);
GO
