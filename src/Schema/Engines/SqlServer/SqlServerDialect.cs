using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// T-SQL types for the store: 64-bit IDENTITY ids (loaded with KEEPIDENTITY, so loaded ids are kept), DATE, NUMERIC(12,2)
/// money and VARCHAR text (VARCHAR, not NVARCHAR, so the driver's VARCHAR parameters seek the indexes without conversion).
/// </summary>
public sealed class SqlServerDialect : SqlDialect
{
    public override string TypeOf(ColumnSpec column) => column.Type switch
    {
        ColumnType.SmallInt => column.FitsInByte ? "TINYINT" : "SMALLINT",
        ColumnType.Integer => "INT",
        ColumnType.BigInt => "BIGINT",
        ColumnType.Money => "NUMERIC(12,2)",
        ColumnType.Date => "DATE",
        ColumnType.VarChar => $"VARCHAR({column.Length})",
        _ => throw new ArgumentOutOfRangeException(nameof(column), column.Type, "unknown column type"),
    };

    public override string IdentityClause(TableSpec table, ColumnSpec column) => " IDENTITY(1,1)";

    /// <summary>Reverse creation order, so every referencing table goes before the table it references.</summary>
    public override IEnumerable<string> DropTables() => StoreModel.Tables.Reverse().Select(t => $"DROP TABLE IF EXISTS {t.Name}");
}
