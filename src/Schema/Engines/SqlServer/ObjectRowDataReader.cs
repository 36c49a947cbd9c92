using System.Collections;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// A forward-only reader over one batch of <see cref="IBulkWriter"/> rows (<c>object?[]</c> in <see cref="TableSpec.Columns"/>
/// order), so a bulk API that consumes a data reader (SqlBulkCopy) can stream the batch without copying it into a DataTable.
/// </summary>
internal sealed class ObjectRowDataReader(TableSpec table, IReadOnlyList<object?[]> rows) : DbDataReader
{
    private int _index = -1;
    private bool _closed;

    public override int FieldCount => table.Columns.Count;

    public override int Depth => 0;

    public override bool HasRows => rows.Count > 0;

    public override bool IsClosed => _closed;

    public override int RecordsAffected => -1;

    public override object this[int ordinal] => GetValue(ordinal);

    public override object this[string name] => GetValue(GetOrdinal(name));

    public override bool Read()
    {
        if (_closed || _index + 1 >= rows.Count)
        {
            _index = rows.Count;
            return false;
        }

        _index++;
        if (rows[_index].Length != table.Columns.Count)
        {
            throw new InvalidOperationException($"{table.Name} row {_index} has {rows[_index].Length} values; the table has {table.Columns.Count} columns.");
        }

        return true;
    }

    public override bool NextResult() => false;

    public override void Close() => _closed = true;

    public override string GetName(int ordinal) => table.Columns[ordinal].Name;

    public override int GetOrdinal(string name) => table.Ordinal(name);

    public override Type GetFieldType(int ordinal) => table.Columns[ordinal].ClrType;

    public override string GetDataTypeName(int ordinal) => table.Columns[ordinal].Type.ToString();

    public override object GetValue(int ordinal)
    {
        if (_index < 0 || _index >= rows.Count)
        {
            throw new InvalidOperationException("no current row: call Read first.");
        }

        return rows[_index][ordinal] ?? DBNull.Value;
    }

    public override int GetValues(object[] values)
    {
        var count = Math.Min(values.Length, FieldCount);
        for (var i = 0; i < count; i++)
        {
            values[i] = GetValue(i);
        }

        return count;
    }

    public override bool IsDBNull(int ordinal) => GetValue(ordinal) is DBNull;

    public override bool GetBoolean(int ordinal) => Convert.ToBoolean(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override byte GetByte(int ordinal) => Convert.ToByte(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override char GetChar(int ordinal) => Convert.ToChar(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override DateTime GetDateTime(int ordinal) => Convert.ToDateTime(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override decimal GetDecimal(int ordinal) => Convert.ToDecimal(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override double GetDouble(int ordinal) => Convert.ToDouble(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override float GetFloat(int ordinal) => Convert.ToSingle(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override Guid GetGuid(int ordinal) => (Guid)GetValue(ordinal);

    public override short GetInt16(int ordinal) => Convert.ToInt16(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override int GetInt32(int ordinal) => Convert.ToInt32(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override long GetInt64(int ordinal) => Convert.ToInt64(GetValue(ordinal), CultureInfo.InvariantCulture);

    public override string GetString(int ordinal) => Convert.ToString(GetValue(ordinal), CultureInfo.InvariantCulture) ?? "";

    public override long GetBytes(int ordinal, long dataOffset, byte[]? buffer, int bufferOffset, int length) =>
        throw new NotSupportedException("the store has no binary columns.");

    public override long GetChars(int ordinal, long dataOffset, char[]? buffer, int bufferOffset, int length)
    {
        var text = GetString(ordinal);
        if (buffer is null)
        {
            return text.Length;
        }

        var count = Math.Max(0, Math.Min(length, text.Length - (int)dataOffset));
        text.CopyTo((int)dataOffset, buffer, bufferOffset, count);
        return count;
    }

    public override IEnumerator GetEnumerator() => new DbEnumerator(this);
}
