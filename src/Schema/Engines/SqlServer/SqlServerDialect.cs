namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// T-SQL types for the store: 64-bit IDENTITY ids (loaded with KEEPIDENTITY, so loaded ids are kept), DATE, NUMERIC(12,2)
/// money and VARCHAR text (VARCHAR, not NVARCHAR, so the driver's VARCHAR parameters seek the indexes without conversion).
/// </summary>
public sealed class SqlServerDialect : SqlDialect
{
    protected override ColumnTypeNames TypeNames { get; } = new("SMALLINT", "INT", "BIGINT", "NUMERIC(12,2)", "DATE", "VARCHAR({0})", TinyInt: "TINYINT");

    public override string IdentityClause(TableSpec table, ColumnSpec column) => " IDENTITY(1,1)";

    /// <summary>Reverse creation order, so every referencing table goes before the table it references.</summary>
    public override IEnumerable<string> DropTables() => StoreModel.Tables.Reverse().Select(t => $"DROP TABLE IF EXISTS {t.Name}");
}
