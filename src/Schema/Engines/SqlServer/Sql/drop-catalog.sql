-- After the tables: the full-text catalog can only go once no index uses it.
IF EXISTS (SELECT 1 FROM sys.fulltext_catalogs WHERE name = 'FULLTEXTCAT_DSPROD')
    DROP FULLTEXT CATALOG FULLTEXTCAT_DSPROD;
GO
