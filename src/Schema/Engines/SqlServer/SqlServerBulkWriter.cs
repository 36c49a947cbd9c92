using Microsoft.Data.SqlClient;

namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// SqlBulkCopy into one table: loaded ids are kept (KeepIdentity, DS3's KEEPIDENTITY), the table is locked for a
/// minimally logged load (TableLock), and columns are mapped by name so the table's physical order never matters.
/// Each <see cref="WriteAsync"/> streams one batch through an <see cref="ObjectRowDataReader"/>; the server commits
/// every <see cref="BatchSize"/> rows.
/// </summary>
public sealed class SqlServerBulkWriter : IBulkWriter
{
    public const int BatchSize = 10_000;

    private readonly SqlBulkCopy _copy;
    private long _written;

    public SqlServerBulkWriter(SqlConnection connection, TableSpec table)
    {
        Table = table;
        _copy = CreateBulkCopy(connection, table);
    }

    public TableSpec Table { get; }

    /// <summary>The configured copy (not yet run), exposed so its options and mappings can be checked without a server.</summary>
    internal static SqlBulkCopy CreateBulkCopy(SqlConnection connection, TableSpec table)
    {
        var copy = new SqlBulkCopy(connection, SqlBulkCopyOptions.KeepIdentity | SqlBulkCopyOptions.TableLock, externalTransaction: null)
        {
            DestinationTableName = table.Name,
            BatchSize = BatchSize,
            BulkCopyTimeout = 0,
            EnableStreaming = true,
        };
        foreach (var column in table.Columns)
        {
            copy.ColumnMappings.Add(column.Name, column.Name);
        }

        return copy;
    }

    public async Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken)
    {
        if (rows.Count == 0)
        {
            return;
        }

        await using var reader = new ObjectRowDataReader(Table, rows);
        await _copy.WriteToServerAsync(reader, cancellationToken).ConfigureAwait(false);
        _written += rows.Count;
    }

    public Task<long> CompleteAsync(CancellationToken cancellationToken) => Task.FromResult(_written);

    public ValueTask DisposeAsync()
    {
        ((IDisposable)_copy).Dispose();
        return ValueTask.CompletedTask;
    }
}
