using System.Data;
using MySqlConnector;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// Bulk load of one table with <see cref="MySqlBulkCopy"/> (LOAD DATA LOCAL INFILE streamed from memory, which
/// escapes tabs, newlines and backslashes in values). Every batch goes into one transaction that
/// <see cref="CompleteAsync"/> commits, so a writer disposed before completing leaves the table as it was.
/// </summary>
public sealed class MySqlBulkWriter : IBulkWriter
{
    private readonly MySqlTransaction transaction;
    private readonly MySqlBulkCopy bulkCopy;
    private readonly DataTable buffer;
    private long rowsWritten;
    private bool completed;

    private MySqlBulkWriter(TableSpec table, MySqlConnection connection, MySqlTransaction transaction)
    {
        Table = table;
        this.transaction = transaction;
        bulkCopy = new MySqlBulkCopy(connection, transaction) { DestinationTableName = table.Name, BulkCopyTimeout = 0 };
        for (var i = 0; i < table.Columns.Count; i++)
        {
            bulkCopy.ColumnMappings.Add(new MySqlBulkCopyColumnMapping(i, table.Columns[i].Name));
        }

        buffer = new DataTable(table.Name) { Locale = System.Globalization.CultureInfo.InvariantCulture };
        foreach (var column in table.Columns)
        {
            buffer.Columns.Add(column.Name, column.ClrType);
        }
    }

    public TableSpec Table { get; }

    /// <summary>Starts the writer's transaction; the caller has checked that LOAD DATA LOCAL is allowed.</summary>
    internal static async Task<MySqlBulkWriter> OpenAsync(MySqlConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        return new MySqlBulkWriter(table, connection, transaction);
    }

    public async Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(rows);
        ObjectDisposedException.ThrowIf(completed, this);
        if (rows.Count == 0)
        {
            return;
        }

        buffer.Clear();
        buffer.BeginLoadData();
        foreach (var row in rows)
        {
            buffer.LoadDataRow(row, fAcceptChanges: true);
        }

        buffer.EndLoadData();
        var result = await bulkCopy.WriteToServerAsync(buffer, cancellationToken).ConfigureAwait(false);
        if (result.RowsInserted != rows.Count)
        {
            var warning = result.Warnings.Count > 0 ? $": {result.Warnings[0].Message}" : "";
            throw new InvalidOperationException($"bulk load into {Table.Name} stored {result.RowsInserted} of {rows.Count} rows{warning}");
        }

        rowsWritten += rows.Count;
    }

    public async Task<long> CompleteAsync(CancellationToken cancellationToken)
    {
        ObjectDisposedException.ThrowIf(completed, this);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        completed = true;
        return rowsWritten;
    }

    public async ValueTask DisposeAsync()
    {
        // Disposing an uncommitted transaction rolls it back.
        await transaction.DisposeAsync().ConfigureAwait(false);
        buffer.Dispose();
        completed = true;
    }
}
