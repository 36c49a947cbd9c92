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
    /// Run before <see cref="CreateIndexes"/> on the session that builds them, so a full-text index keeps every word: the
    /// index remembers the setting, and searches then never depend on the server's stopword list.
    /// </summary>
    public const string KeepEveryWord = "SET SESSION innodb_ft_enable_stopword = 0";

    /// <summary>
    /// Around ADD FOREIGN KEY on loaded tables: with checks on, it copies the whole table (ALGORITHM=COPY, ~12 s per
    /// million rows); off, it is in place and takes a moment. The loaded rows are the generator's, consistent by
    /// construction (DS3's MySQL load also ran with FOREIGN_KEY_CHECKS=0); every later write is checked.
    /// </summary>
    public const string ForeignKeyChecksOff = "SET SESSION foreign_key_checks = 0", ForeignKeyChecksOn = "SET SESSION foreign_key_checks = 1";

    /// <summary>
    /// Secondary, then full-text indexes, one statement each (InnoDB builds one FULLTEXT index per ALTER); run after
    /// <see cref="KeepEveryWord"/>.
    /// </summary>
    public override IEnumerable<string> CreateIndexes() =>
        base.CreateIndexes().Concat(FullTextIndexes.Select(CreateFullTextIndex));

    /// <summary>
    /// One table's indexes of the Keys phase, for a load: its B-tree indexes in one ALTER TABLE, which builds them all
    /// from one scan of the table (two ALTERs of one table cannot run side by side anyway), then its full-text indexes,
    /// one each; run after <see cref="KeepEveryWord"/>.
    /// </summary>
    public static IEnumerable<string> IndexesOf(TableSpec table)
    {
        var added = StoreModel.Indexes.Where(i => i.Table == table.Name)
            .Select(i => $"ADD {(i.Unique ? "UNIQUE " : "")}INDEX {i.Name} ({string.Join(", ", i.Columns)})").ToList();
        var fullText = table.Name == StoreModel.Products.Name ? FullTextIndexes.Select(CreateFullTextIndex) : [];
        return added.Count == 0 ? fullText : fullText.Prepend($"ALTER TABLE {table.Name} {string.Join(", ", added)}");
    }

    private static string CreateFullTextIndex((string Name, string Column) index) => $"CREATE FULLTEXT INDEX {index.Name} ON PRODUCTS ({index.Column})";
}
