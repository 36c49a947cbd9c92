using System.Text;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// SQLite's rendering of the store. SQLite has only storage classes, so every integer is INTEGER (the exact type name
/// "INTEGER" is what makes a one-column primary key an alias of the rowid; identity keys add AUTOINCREMENT, so the next
/// id can be set; "BIGINT PRIMARY KEY" would not alias), text is TEXT, money NUMERIC and dates ISO-8601 TEXT ('YYYY-MM-DD',
/// which sorts as dates do). Foreign keys must be declared in CREATE TABLE because SQLite has no ALTER TABLE … ADD
/// CONSTRAINT; they are not checked while loading (bulk writers turn <c>PRAGMA foreign_keys</c> off) and are enforced
/// on every connection the engine opens afterwards.
/// </summary>
public sealed class SqliteDialect : SqlDialect
{
    /// <summary>The external-content FTS5 table over PRODUCTS(TITLE, ACTOR) that BROWSE_BY_ACTOR/TITLE search.</summary>
    public const string FullTextTable = "PRODUCTS_FTS";

    protected override ColumnTypeNames TypeNames { get; } = new("INTEGER", "INTEGER", "INTEGER", "NUMERIC", "TEXT", "TEXT");

    public override string CreateTable(TableSpec table)
    {
        var sql = new StringBuilder();
        sql.Append("CREATE TABLE ").Append(table.Name).Append(" (\n");
        var lines = new List<string>();
        // An identity key is declared on its column: INTEGER PRIMARY KEY AUTOINCREMENT is the rowid with a persistent
        // counter (sqlite_sequence), which ResetIdentityAsync sets.
        var identityKey = table.IdentityColumn is { } identity && table.PrimaryKey.SequenceEqual([identity]) ? identity : null;
        foreach (var column in table.Columns)
        {
            var key = column.Name == identityKey ? $" CONSTRAINT PK_{table.Name} PRIMARY KEY AUTOINCREMENT" : "";
            lines.Add($"  {column.Name} {TypeOf(column)}{(column.Nullable ? "" : " NOT NULL")}{key}");
        }

        if (table.PrimaryKey.Count > 0 && identityKey is null)
        {
            lines.Add($"  CONSTRAINT PK_{table.Name} PRIMARY KEY ({string.Join(", ", table.PrimaryKey)})");
        }

        lines.AddRange(StoreModel.ForeignKeys.Where(k => k.Table == table.Name).Select(ForeignKeyClause));
        sql.Append(string.Join(",\n", lines)).Append("\n)");
        return sql.ToString();
    }

    /// <summary>None: SQLite declares foreign keys in CREATE TABLE (see <see cref="CreateTable"/>).</summary>
    public override IEnumerable<string> CreateForeignKeys() => [];

    public override IEnumerable<string> InsertCategories() =>
        StoreModel.CategoryNames.Select((name, i) =>
            string.Create(CultureInfo.InvariantCulture, $"INSERT INTO CATEGORIES (CATEGORY, CATEGORYNAME) VALUES ({i + 1}, '{name}')"));

    /// <summary>
    /// Drops the full-text table (its sync triggers go with PRODUCTS), every store table (children first) and the
    /// statistics ANALYZE made, so the file holds nothing of the store.
    /// </summary>
    public override IEnumerable<string> DropTables() =>
        new[] { $"DROP TABLE IF EXISTS {FullTextTable}" }.Concat(base.DropTables()).Append("DROP TABLE IF EXISTS sqlite_stat1");

    private static string ForeignKeyClause(ForeignKeySpec key) =>
        $"  CONSTRAINT {key.Name} FOREIGN KEY ({key.Column}) REFERENCES {key.ReferencedTable} ({key.ReferencedColumn}) " +
        (key.OnDelete == ForeignKeyAction.Cascade ? "ON DELETE CASCADE" : "ON DELETE SET NULL");
}
