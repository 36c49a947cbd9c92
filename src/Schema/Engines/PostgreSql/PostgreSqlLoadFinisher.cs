using Npgsql;

namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// PostgreSQL's load shape (see <see cref="IBulkLoadFinisher"/>). A primary key kept during COPY costs a B-tree insert
/// per row; built afterwards it is one sort. A table loaded by one stream is emptied and filled with COPY FREEZE in
/// one transaction (frozen rows need no VACUUM; with wal_level=minimal the server skips their WAL by itself); tables
/// split into parallel streams are VACUUMed after their indexes, as the Keys-then-VACUUM build did.
/// </summary>
internal sealed class PostgreSqlLoadFinisher(PostgreSqlDialect dialect) : IBulkLoadFinisher
{
    /// <summary>The most memory one index build takes for its sort, whatever the server's cache.</summary>
    private const long MaxSortBytes = 1L << 30;

    public async Task CreateTablesAsync(DbConnection connection, IReadOnlyCollection<TableSpec> loaded, CancellationToken cancellationToken)
    {
        await PostgreSqlEngine.CreateSchemaOfSearchPathAsync(connection, cancellationToken).ConfigureAwait(false);
        // A table no stream loads (REORDER, the bookkeeping tables) gets its indexes now, while it is empty.
        var statements = StoreModel.Tables.SelectMany(t => loaded.Contains(t) ? [dialect.CreateTableWithoutKey(t)] : dialect.IndexesOf(t).Prepend(dialect.CreateTable(t)))
            .Concat(dialect.InsertCategories());
        await using var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        foreach (var statement in statements)
        {
            await connection.ExecuteAsync(statement, cancellationToken, transaction).ConfigureAwait(false);
        }

        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
    }

    public async Task<IBulkWriter> OpenBulkWriterAsync(DbConnection connection, TableSpec table, bool soleStream, CancellationToken cancellationToken) => soleStream
        ? await PostgreSqlBulkWriter.OpenOwnedAsync((NpgsqlConnection)connection, table, cancellationToken).ConfigureAwait(false)
        : await PostgreSqlBulkWriter.OpenAsync((NpgsqlConnection)connection, table, cancellationToken).ConfigureAwait(false);

    /// <summary>
    /// Each index of the table builds in a session of its own, up to <paramref name="sessions"/> at once: CREATE INDEX
    /// takes a lock that lets the others build beside it (their heap scans synchronise), so a big table's indexes do
    /// not wait for one another. The primary key builds as its unique index, then is attached (ADD ... USING INDEX):
    /// the same constraint and index as ADD PRIMARY KEY. Each session may use parallel workers for its sort
    /// (<see cref="ParallelWorkers"/>): the table's builds together use the server's CPUs.
    /// </summary>
    public async Task FinishTableAsync(DbConnection connection, TableSpec table, bool soleStream, int sessions, int serverCpus, CancellationToken cancellationToken)
    {
        var builds = new System.Collections.Concurrent.ConcurrentQueue<string>(
            PostgreSqlDialect.PrimaryKeyIndex(table) is { } key ? dialect.IndexesOf(table).Prepend(key) : dialect.IndexesOf(table));
        var parallel = Math.Clamp(builds.Count, 1, Math.Max(1, sessions));
        await Task.WhenAll(Enumerable.Range(0, parallel).Select(async i =>
        {
            var session = i == 0 ? connection : (DbConnection)((ICloneable)connection).Clone();
            try
            {
                if (i > 0)
                {
                    await session.OpenAsync(cancellationToken).ConfigureAwait(false);
                }

                await SizeSortMemoryAsync(session, sessions * parallel, cancellationToken).ConfigureAwait(false);
                await using (var setting = ParallelWorkersSetting(session, ParallelWorkers(serverCpus, parallel)))
                {
                    await setting.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
                }

                while (builds.TryDequeue(out var build))
                {
                    await session.ExecuteAsync(build, cancellationToken).ConfigureAwait(false);
                }
            }
            finally
            {
                if (i > 0)
                {
                    await session.DisposeAsync().ConfigureAwait(false);
                }
            }
        })).ConfigureAwait(false);
        if (PostgreSqlDialect.AttachPrimaryKey(table) is { } attach)
        {
            await connection.ExecuteAsync(attach, cancellationToken).ConfigureAwait(false);
        }

        // Frozen rows are already all-visible: statistics are all they lack. Other tables also want the visibility
        // map and hint bits a VACUUM sets, so a run neither pays for them nor misses index-only scans.
        await connection.ExecuteAsync((soleStream ? "ANALYZE " : "VACUUM (ANALYZE) ") + table.Name, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// NOT VALID then VALIDATE: adding takes a brief lock on both tables, and the check of every row holds only locks
    /// that let the other keys' checks run at the same time. The store ends with the same validated key.
    /// </summary>
    public async Task AddForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken)
    {
        await connection.ExecuteAsync(dialect.CreateForeignKey(key) + " NOT VALID", cancellationToken).ConfigureAwait(false);
        await connection.ExecuteAsync($"ALTER TABLE {key.Table} VALIDATE CONSTRAINT {key.Name}", cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The table's constraints (its primary key) go first: the index under one can only go with it.</summary>
    public async Task UndoFinishAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        foreach (var constraint in await NamesAsync(connection, "SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(@table) AND contype IN ('p', 'u')", table.Name, cancellationToken).ConfigureAwait(false))
        {
            await connection.ExecuteAsync($"ALTER TABLE {table.Name} DROP CONSTRAINT IF EXISTS \"{constraint}\"", cancellationToken).ConfigureAwait(false);
        }

        foreach (var index in await NamesAsync(connection, "SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid = to_regclass(@table)", table.Name, cancellationToken).ConfigureAwait(false))
        {
            await connection.ExecuteAsync($"DROP INDEX IF EXISTS {index}", cancellationToken).ConfigureAwait(false);
        }
    }

    public Task UndoForeignKeyAsync(DbConnection connection, ForeignKeySpec key, CancellationToken cancellationToken) =>
        connection.ExecuteAsync($"ALTER TABLE {key.Table} DROP CONSTRAINT IF EXISTS {key.Name}", cancellationToken);

    /// <summary>The names a catalog query returns for one table.</summary>
    private static async Task<List<string>> NamesAsync(DbConnection connection, string sql, string table, CancellationToken cancellationToken)
    {
        var names = new List<string>();
        await using var command = connection.Command(sql);
        command.Add("table", table.ToLowerInvariant());
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            names.Add(reader.GetString(0));
        }

        return names;
    }

    /// <summary>
    /// The small tables' statistics and visibility map; then the bulk tables a VACUUM could not finish. A table cut into
    /// streams is VACUUMed as soon as it is finished, but while another stream's transaction is still open (a sole
    /// stream's COPY FREEZE runs for most of the load) no row newer than that transaction can be marked all-visible: at
    /// 10GB ORDERLINES ended with none of its pages all-visible, so every count over it read the heap (verify's ran as
    /// sequential scans) and index-only scans were lost to the runs. Now every stream has ended: a second VACUUM of the
    /// tables whose map is still incomplete skips the pages already all-visible.
    /// </summary>
    public async Task AnalyzeAsync(DbConnection connection, IEnumerable<TableSpec> tables, CancellationToken cancellationToken)
    {
        var names = string.Join(", ", tables.Select(t => t.Name));
        if (names.Length > 0)
        {
            await connection.ExecuteAsync("VACUUM (ANALYZE) " + names, cancellationToken).ConfigureAwait(false);
        }

        var unfinished = await NotAllVisibleAsync(connection, cancellationToken).ConfigureAwait(false);
        if (unfinished.Count > 0)
        {
            await connection.ExecuteAsync("VACUUM " + string.Join(", ", unfinished), cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>DS3's tables in the search path's schema with pages the visibility map does not call all-visible.</summary>
    internal static async Task<List<string>> NotAllVisibleAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var tables = new List<string>();
        await using var command = connection.Command(
            "SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND relallvisible < relpages AND relname = ANY(@names) ORDER BY relname");
        command.Add("names", StoreModel.Ds3Tables.Select(t => t.Name.ToLowerInvariant()).ToArray());
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            tables.Add(reader.GetString(0));
        }

        return tables;
    }

    /// <summary>
    /// The parallel workers each of <paramref name="buildsAtOnce"/> index builds may add to its own process, so that
    /// together they use a server of <paramref name="serverCpus"/> CPUs (the server still caps them at its
    /// max_parallel_workers, and asks fewer for a small table).
    /// </summary>
    internal static int ParallelWorkers(int serverCpus, int buildsAtOnce) => Math.Max(0, serverCpus / Math.Max(1, buildsAtOnce) - 1);

    /// <summary>The session setting (max_parallel_maintenance_workers) that lets CREATE INDEX use <paramref name="workers"/> workers.</summary>
    internal static DbCommand ParallelWorkersSetting(DbConnection connection, int workers)
    {
        var command = connection.Command("SELECT set_config('max_parallel_maintenance_workers', @workers, false)");
        command.Add("workers", workers.ToString(CultureInfo.InvariantCulture));
        return command;
    }

    /// <summary>
    /// The session's maintenance_work_mem, so an index sort fits in memory: a quarter of what the server says it may
    /// cache (effective_cache_size) shared by the finishes that run at once, at most 1 GB each, never below the
    /// server's own setting.
    /// </summary>
    private static async Task SizeSortMemoryAsync(DbConnection connection, int sessions, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(
            """
            SELECT set_config('maintenance_work_mem', (GREATEST(pg_size_bytes(current_setting('maintenance_work_mem')),
                LEAST(@max, pg_size_bytes(current_setting('effective_cache_size')) / 4 / @sessions)) / 1024)::bigint || 'kB', false)
            """);
        command.Add("max", MaxSortBytes);
        command.Add("sessions", (long)Math.Max(1, sessions));
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
