using System.Data.Common;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// Hashes the current row of a reader as <see cref="RowHash.Of"/> would, with each column read through the typed
/// getter of the CLR type its provider returns (GetInt64, GetString, GetDecimal…) rather than a boxed GetValue. The
/// getter is chosen from a column's first non-NULL value; a type without a typed path (SQLite's numbers for money,
/// MySQL's TINYINT) goes through <see cref="RowHash.Value"/> as before, so the hash is the same either way.
/// </summary>
internal sealed class RowHashReader(IReadOnlyList<ColumnSpec> columns)
{
    private readonly Func<DbDataReader, int, ulong>?[] _readers = new Func<DbDataReader, int, ulong>?[columns.Count];

    public ulong Hash(DbDataReader reader)
    {
        var hash = RowHash.Seed;
        for (var i = 0; i < _readers.Length; i++)
        {
            var value = reader.IsDBNull(i) ? RowHash.Null : (_readers[i] ??= For(columns[i].Type, reader.GetFieldType(i)))(reader, i);
            hash = RowHash.Fold(hash, value);
        }

        return hash;
    }

    private static Func<DbDataReader, int, ulong> For(ColumnType type, Type field) => type switch
    {
        ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt when field == typeof(long) => static (r, i) => RowHash.Integer(r.GetInt64(i)),
        ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt when field == typeof(int) => static (r, i) => RowHash.Integer(r.GetInt32(i)),
        ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt when field == typeof(short) => static (r, i) => RowHash.Integer(r.GetInt16(i)),
        ColumnType.VarChar when field == typeof(string) => static (r, i) => RowHash.Text(r.GetString(i)),
        ColumnType.Money when field == typeof(decimal) => static (r, i) => RowHash.Money(r.GetDecimal(i)),
        ColumnType.Date when field == typeof(DateTime) => static (r, i) => RowHash.Date(DateOnly.FromDateTime(r.GetDateTime(i)).DayNumber),
        _ => (r, i) => RowHash.Value(type, r.GetValue(i)),
    };
}
