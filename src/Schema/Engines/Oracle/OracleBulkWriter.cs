using Ora = DvdStore.Schema.Engines.Oracle.OracleDbTypeName;

namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Oracle array binding into one table: each <see cref="WriteAsync"/> is one INSERT executed for the whole batch
/// (ArrayBindCount = rows), one typed array per column in <see cref="TableSpec.Columns"/> order, NULLs marked in
/// ArrayBindStatus. Each batch commits (the provider's autocommit), so a load resumes at batch granularity.
/// A conventional-path insert: no APPEND_VALUES, so writers of different tables never wait on a direct-path lock.
/// </summary>
public sealed class OracleBulkWriter(DbConnection connection, TableSpec table) : IBulkWriter
{
    private long _written;

    public TableSpec Table { get; } = table;

    /// <summary>INSERT INTO T (C1, …) VALUES (:C1, …), the statement every batch runs.</summary>
    public static string InsertSql(TableSpec table) =>
        $"INSERT INTO {table.Name} ({string.Join(", ", table.Columns.Select(c => c.Name))}) VALUES ({string.Join(", ", table.Columns.Select(c => ":" + c.Name))})";

    /// <summary>The OracleDbType a column binds as.</summary>
    public static OracleDbTypeName OracleTypeOf(ColumnSpec column) => column.Type switch
    {
        ColumnType.SmallInt => Ora.Int16,
        ColumnType.Integer => Ora.Int32,
        ColumnType.BigInt => Ora.Int64,
        ColumnType.Money => Ora.Decimal,
        ColumnType.Date => Ora.Date,
        ColumnType.VarChar => Ora.Varchar2,
        _ => throw new ArgumentOutOfRangeException(nameof(column), column.Type, "unknown column type"),
    };

    /// <summary>The column arrays of one batch: values of each column's CLR type (default where NULL) and which are NULL.</summary>
    public static IReadOnlyList<ColumnArray> Columns(TableSpec table, IReadOnlyList<object?[]> rows)
    {
        var columns = new List<ColumnArray>(table.Columns.Count);
        for (var c = 0; c < table.Columns.Count; c++)
        {
            var column = table.Columns[c];
            var values = Array.CreateInstance(column.ClrType, rows.Count);
            var isNull = new bool[rows.Count];
            for (var r = 0; r < rows.Count; r++)
            {
                var row = rows[r];
                if (row.Length != table.Columns.Count)
                {
                    throw new ArgumentException($"{table.Name} row {r} has {row.Length} values; the table has {table.Columns.Count} columns.", nameof(rows));
                }

                if (row[c] is null or DBNull)
                {
                    isNull[r] = true;
                    continue;
                }

                values.SetValue(Convert.ChangeType(row[c], column.ClrType, CultureInfo.InvariantCulture), r);
            }

            columns.Add(new ColumnArray(column.Name, OracleTypeOf(column), values, isNull));
        }

        return columns;
    }

    public async Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken)
    {
        if (rows.Count == 0)
        {
            return;
        }

        await using var command = connection.CreateCommand();
        command.CommandText = InsertSql(Table);
        command.CommandTimeout = 0;
        OracleBinding.BindByName(command);
        OracleBinding.ArrayBindCount(command, rows.Count);
        foreach (var column in Columns(Table, rows))
        {
            var parameter = command.CreateParameter();
            parameter.ParameterName = column.Name;
            OracleBinding.OracleDbType(parameter, column.OracleType);
            parameter.Value = column.Values;
            if (column.IsNull.Any(n => n))
            {
                OracleBinding.ArrayBindStatus(parameter, column.IsNull);
            }

            command.Parameters.Add(parameter);
        }

        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        _written += rows.Count;
    }

    public Task<long> CompleteAsync(CancellationToken cancellationToken) => Task.FromResult(_written);

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
