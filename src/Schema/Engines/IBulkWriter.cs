namespace DvdStore.Schema.Engines;

/// <summary>
/// Streams rows of one table into the engine's native bulk path (PostgreSQL binary COPY, MySQL LOAD DATA LOCAL,
/// SqlBulkCopy, Oracle array binding, SQLite prepared inserts in large transactions).
/// Rows are <c>object?[]</c> with values in <see cref="TableSpec.Columns"/> order and of each column's
/// <see cref="ColumnSpec.ClrType"/>. Disposing without <see cref="CompleteAsync"/> abandons what was not yet committed.
/// </summary>
public interface IBulkWriter : IAsyncDisposable
{
    TableSpec Table { get; }

    /// <summary>Writes a batch of rows; the batch may be reused by the caller after the task completes.</summary>
    Task WriteAsync(IReadOnlyList<object?[]> rows, CancellationToken cancellationToken);

    /// <summary>Commits everything written; returns the number of rows written.</summary>
    Task<long> CompleteAsync(CancellationToken cancellationToken);
}
