namespace DvdStore.Schema.Engines;

/// <summary>
/// A load shaped for an engine that builds keys faster after its rows than during them: the loaded tables are created
/// without their primary keys, each table gets its keys, indexes and statistics as soon as its last bulk stream ends
/// (while bigger tables still stream), and each foreign key as soon as both its tables are finished. The store it
/// ends with is the one <see cref="SchemaPhase.Tables"/> then <see cref="SchemaPhase.Keys"/> build.
/// </summary>
public interface IBulkLoadFinisher
{
    /// <summary>The Tables phase (with the categories), but <paramref name="loaded"/> without their primary keys.</summary>
    Task CreateTablesAsync(DbConnection connection, IReadOnlyCollection<TableSpec> loaded, CancellationToken cancellationToken);

    /// <summary>
    /// Opens a bulk stream into a table created by <see cref="CreateTablesAsync"/>; <paramref name="soleStream"/> says
    /// no other stream writes that table, so this one may own it (e.g. empty it and write frozen rows in one transaction).
    /// </summary>
    Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, bool soleStream, CancellationToken cancellationToken);

    /// <summary>
    /// The primary key, indexes and statistics of one fully loaded table, on a connection of its own;
    /// <paramref name="soleStream"/> as the table's writer was opened; <paramref name="sessions"/> finishes may run at
    /// once, and each may open up to that many sessions of its own (one index per session); where the engine builds one
    /// index with several workers, the table's builds together are sized to the server's <paramref name="serverCpus"/>.
    /// </summary>
    Task FinishTableAsync(DbConnection connection, TableSpec table, bool soleStream, int sessions, int serverCpus, CancellationToken cancellationToken);

    /// <summary>
    /// Removes what an interrupted <see cref="FinishTableAsync"/> of the table may have left (its primary key and
    /// indexes), so a resumed load finishes it again from its bare rows; nothing where none is there.
    /// </summary>
    Task UndoFinishAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken);

    /// <summary>Removes the foreign key if an interrupted <see cref="AddForeignKeyAsync"/> left it (perhaps unchecked).</summary>
    Task UndoForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken);

    /// <summary>One foreign key, once both its tables are finished (others may be added at the same time).</summary>
    Task AddForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken);

    /// <summary>
    /// Statistics of the tables not loaded in bulk (the small ones), at the end of the build, once every stream has
    /// ended; and what the engine could finish on the bulk tables only then.
    /// </summary>
    Task AnalyzeAsync(DbConnection connection, IEnumerable<TableSpec> tables, CancellationToken cancellationToken);
}
