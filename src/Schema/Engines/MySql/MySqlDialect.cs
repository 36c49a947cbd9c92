namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// The store's DDL for MySQL 8 and MariaDB 10.6+: every table InnoDB (FULLTEXT works on InnoDB, so DS3's MyISAM
/// PRODUCTS is not needed), utf8mb4 with the server's default utf8mb4 collation (procedure parameters use the same,
/// so comparisons never mix collations), AUTO_INCREMENT ids.
/// </summary>
public sealed class MySqlDialect : SqlDialect
{
    /// <summary>The full-text indexes of the Keys phase: ACTOR and TITLE each get their own, as BROWSE_BY_ACTOR/TITLE search one column.</summary>
    public static readonly IReadOnlyList<(string Name, string Column)> FullTextIndexes =
    [
        ("IX_PROD_ACTOR", "ACTOR"),
        ("IX_PROD_TITLE", "TITLE"),
    ];

    protected override ColumnTypeNames TypeNames { get; } = new("SMALLINT", "INT", "BIGINT", "DECIMAL(12,2)", "DATE", "VARCHAR({0})", TinyInt: "TINYINT");

    // Identity columns are all primary keys, which AUTO_INCREMENT requires.
    public override string IdentityClause(TableSpec table, ColumnSpec column) => " AUTO_INCREMENT";

    public override string TableOptions(TableSpec table) => " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4";

    /// <summary>
    /// Full-text indexes, one statement each (InnoDB builds one FULLTEXT index per ALTER). Run them after
    /// <c>SET SESSION innodb_ft_enable_stopword = 0</c>, so the index keeps every word: the index remembers the
    /// setting, and searches then never depend on the server's stopword list.
    /// </summary>
    public static IEnumerable<string> CreateFullTextIndexes() =>
        FullTextIndexes.Select(ix => $"CREATE FULLTEXT INDEX {ix.Name} ON PRODUCTS ({ix.Column})");
}
