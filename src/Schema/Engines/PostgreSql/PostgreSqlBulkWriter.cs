using System.Globalization;
using DvdStore.Schema.Model;
using Npgsql;
using NpgsqlTypes;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>Binary COPY into one table, each value written with its column's PostgreSQL type.</summary>
public sealed class PostgreSqlBulkWriter : IBulkWriter
{
    private readonly NpgsqlBinaryImporter _importer;
    private readonly ColumnType[] _types;

    private PostgreSqlBulkWriter(NpgsqlBinaryImporter importer, TableSpec table)
    {
        _importer = importer;
        Table = table;
        _types = table.Columns.Select(c => c.Type).ToArray();
    }

    public TableSpec Table { get; }

    public static async Task<PostgreSqlBulkWriter> OpenAsync(NpgsqlConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        var copy = $"COPY {table.Name} ({string.Join(", ", table.Columns.Select(c => c.Name))}) FROM STDIN (FORMAT BINARY)";
        var importer = await connection.BeginBinaryImportAsync(copy, cancellationToken).ConfigureAwait(false);
        return new PostgreSqlBulkWriter(importer, table);
    }

    public async Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken)
    {
        foreach (var row in rows)
        {
            if (row.Length != _types.Length)
            {
                throw new ArgumentException($"a {Table.Name} row has {row.Length} values; the table has {_types.Length} columns", nameof(rows));
            }

            await _importer.StartRowAsync(cancellationToken).ConfigureAwait(false);
            for (var i = 0; i < row.Length; i++)
            {
                await WriteValueAsync(row[i], _types[i], cancellationToken).ConfigureAwait(false);
            }
        }
    }

    public async Task<long> CompleteAsync(CancellationToken cancellationToken)
    {
        var rows = await _importer.CompleteAsync(cancellationToken).ConfigureAwait(false);
        return checked((long)rows);
    }

    /// <summary>Without <see cref="CompleteAsync"/>, disposing cancels the COPY: nothing of it is kept.</summary>
    public async ValueTask DisposeAsync()
    {
        await _importer.DisposeAsync().ConfigureAwait(false);
    }

    private Task WriteValueAsync(object? value, ColumnType type, CancellationToken cancellationToken)
    {
        if (value is null or DBNull)
        {
            return _importer.WriteNullAsync(cancellationToken);
        }

        var culture = CultureInfo.InvariantCulture;
        return type switch
        {
            ColumnType.SmallInt => _importer.WriteAsync(value as short? ?? Convert.ToInt16(value, culture), NpgsqlDbType.Smallint, cancellationToken),
            ColumnType.Integer => _importer.WriteAsync(value as int? ?? Convert.ToInt32(value, culture), NpgsqlDbType.Integer, cancellationToken),
            ColumnType.BigInt => _importer.WriteAsync(value as long? ?? Convert.ToInt64(value, culture), NpgsqlDbType.Bigint, cancellationToken),
            ColumnType.Money => _importer.WriteAsync(value as decimal? ?? Convert.ToDecimal(value, culture), NpgsqlDbType.Numeric, cancellationToken),
            ColumnType.Date => value is DateOnly day
                ? _importer.WriteAsync(day, NpgsqlDbType.Date, cancellationToken)
                : _importer.WriteAsync(Convert.ToDateTime(value, culture).Date, NpgsqlDbType.Date, cancellationToken),
            ColumnType.VarChar => _importer.WriteAsync(value as string ?? Convert.ToString(value, culture)!, NpgsqlDbType.Varchar, cancellationToken),
            _ => throw new InvalidOperationException($"unknown column type {type}"),
        };
    }
}
