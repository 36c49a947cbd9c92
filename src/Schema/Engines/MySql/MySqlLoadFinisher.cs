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
    /// does not help here), then ANALYZE TABLE. MariaDB builds an index on one thread (<paramref name="serverCpus"/> does
    /// not apply): the server's other cores build other tables' indexes, up to <paramref name="sessions"/> tables at once.
    /// </summary>
    public Task FinishTableAsync(DbConnection connection, TableSpec table, bool soleStream, int sessions, int serverCpus, CancellationToken cancellationToken) =>
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

    /// <summary>The table's secondary and full-text indexes (its primary key is part of the table, made with it).</summary>
    public async Task UndoFinishAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        foreach (var index in await NamesAsync(connection, "SELECT DISTINCT INDEX_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = @name AND INDEX_NAME <> 'PRIMARY'", table.Name, cancellationToken).ConfigureAwait(false))
        {
            await connection.ExecuteAsync($"ALTER TABLE {table.Name} DROP INDEX `{index}`", cancellationToken).ConfigureAwait(false);
        }
    }

    public async Task UndoForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken)
    {
        var names = await NamesAsync(connection, "SELECT CONSTRAINT_NAME FROM information_schema.TABLE_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND CONSTRAINT_TYPE = 'FOREIGN KEY' AND CONSTRAINT_NAME = @name", key.Name, cancellationToken).ConfigureAwait(false);
        if (names.Count > 0)
        {
            await connection.ExecuteAsync($"ALTER TABLE {key.Table} DROP FOREIGN KEY {key.Name}", cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>The names a catalog query returns for one name (a table's or a constraint's).</summary>
    private static async Task<List<string>> NamesAsync(DbConnection connection, string sql, string name, CancellationToken cancellationToken)
    {
        var names = new List<string>();
        await using var command = connection.Command(sql);
        command.Add("@name", name);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            names.Add(reader.GetString(0));
        }

        return names;
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
