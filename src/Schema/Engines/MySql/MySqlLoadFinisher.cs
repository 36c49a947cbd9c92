namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// MySQL's load shape (see <see cref="IBulkLoadFinisher"/>): each table's secondary and full-text indexes and its
/// statistics as soon as its stream ends, while bigger tables still load, and each foreign key once both its tables
/// are done. The Keys phase builds the same indexes one after another after the last stream; MariaDB and MySQL build
/// an index on one thread, so only tables finishing side by side use the other cores. The primary keys stay in the
/// tables as they are created: InnoDB stores a table in its primary key, and adding one later rebuilds the table.
/// </summary>
internal sealed class MySqlLoadFinisher(MySqlEngine engine, MySqlDialect dialect) : IBulkLoadFinisher
{
    /// <summary>The Tables phase; a table no stream loads (REORDER, the bookkeeping tables) gets its indexes now, while it is empty.</summary>
    public async Task CreateTablesAsync(DbConnection connection, IReadOnlyCollection<TableSpec> loaded, CancellationToken cancellationToken)
    {
        await engine.CreateAsync(connection, SchemaPhase.Tables, cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAllAsync([MySqlDialect.KeepEveryWord, .. StoreModel.Tables.Where(t => !loaded.Contains(t)).SelectMany(MySqlDialect.IndexesOf)], cancellationToken).ConfigureAwait(false);
    }

    public Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, bool soleStream, CancellationToken cancellationToken) =>
        engine.OpenBulkWriterAsync(connection, table, cancellationToken);

    /// <summary>
    /// The table's indexes on this session (two ALTERs of one table cannot run at once, so <paramref name="sessions"/>
    /// does not help here), then ANALYZE TABLE.
    /// </summary>
    public Task FinishTableAsync(DbConnection connection, TableSpec table, bool soleStream, int sessions, CancellationToken cancellationToken) =>
        connection.ExecuteAllAsync([MySqlDialect.KeepEveryWord, .. MySqlDialect.IndexesOf(table), "ANALYZE TABLE " + table.Name], cancellationToken);

    public async Task AddForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken)
    {
        try
        {
            await connection.ExecuteAllAsync([MySqlDialect.ForeignKeyChecksOff, dialect.CreateForeignKey(key)], cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            // The session goes back to the pool: never with checks off.
            await connection.ExecuteAsync(MySqlDialect.ForeignKeyChecksOn, CancellationToken.None).ConfigureAwait(false);
        }
    }

    public async Task AnalyzeAsync(DbConnection connection, IEnumerable<TableSpec> tables, CancellationToken cancellationToken)
    {
        var names = string.Join(", ", tables.Select(t => t.Name));
        if (names.Length > 0)
        {
            await connection.ExecuteAsync("ANALYZE TABLE " + names, cancellationToken).ConfigureAwait(false);
        }
    }
}
