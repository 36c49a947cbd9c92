namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// PostgreSQL's long statements of the store's database: index builds from pg_stat_progress_create_index (phase, and
/// tuples, blocks or the lockers it waits for, whichever the phase counts), ANALYZE and VACUUM from their progress
/// views, and any other DDL (a foreign key's VALIDATE has no progress view) from its session's query text, with the
/// lock it waits on. Other roles' sessions show only to members of pg_read_all_stats; a load runs as one role.
/// </summary>
public static class PostgreSqlStatementProgress
{
    public const string Query = """
        SELECT 'index', p.phase, t.relname, i.relname,
          CASE WHEN p.tuples_total > 0 THEN p.tuples_done WHEN p.blocks_total > 0 THEN p.blocks_done ELSE p.lockers_done END,
          CASE WHEN p.tuples_total > 0 THEN p.tuples_total WHEN p.blocks_total > 0 THEN p.blocks_total ELSE p.lockers_total END,
          CASE WHEN p.tuples_total > 0 THEN 'tuples' WHEN p.blocks_total > 0 THEN 'blocks' ELSE 'lockers' END,
          NULL
        FROM pg_stat_progress_create_index AS p
        LEFT JOIN pg_class AS t ON t.oid = p.relid LEFT JOIN pg_class AS i ON i.oid = p.index_relid
        WHERE p.datname = current_database()
        UNION ALL
        SELECT 'statistics', a.phase, t.relname, NULL, a.sample_blks_scanned, a.sample_blks_total, 'blocks', NULL
        FROM pg_stat_progress_analyze AS a LEFT JOIN pg_class AS t ON t.oid = a.relid
        WHERE a.datname = current_database()
        UNION ALL
        SELECT 'vacuum', v.phase, t.relname, NULL, v.heap_blks_scanned, v.heap_blks_total, 'blocks', NULL
        FROM pg_stat_progress_vacuum AS v LEFT JOIN pg_class AS t ON t.oid = v.relid
        WHERE v.datname = current_database()
        UNION ALL
        SELECT NULL, CASE WHEN s.wait_event_type = 'Lock' THEN 'waiting for a lock (' || s.wait_event || ')' ELSE 'running' END,
          NULL, NULL, 0, 0, NULL, left(s.query, 2000)
        FROM pg_stat_activity AS s
        WHERE s.datname = current_database() AND s.state = 'active' AND s.pid <> pg_backend_pid()
          AND s.query ~* '^\s*(ALTER|CREATE|ANALYZE|VACUUM)\s'
          AND s.pid NOT IN (SELECT pid FROM pg_stat_progress_create_index UNION ALL SELECT pid FROM pg_stat_progress_analyze
                            UNION ALL SELECT pid FROM pg_stat_progress_vacuum)
        """;

    public static async Task<IReadOnlyList<StatementProgress>> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var rows = await WaitRows.ListAsync(connection, Query, r => Map(r.Text(0), r.Text(1), r.Text(2), r.Text(3), (long)r.Number(4), (long)r.Number(5), r.Text(6), r.Text(7)), cancellationToken)
            .ConfigureAwait(false);
        return [.. rows.OfType<StatementProgress>()];
    }

    /// <summary>One row of <see cref="Query"/>: a progress view's, or (kind null) a session's DDL text, read for what it builds.</summary>
    public static StatementProgress? Map(string? kind, string? phase, string? table, string? name, long done, long total, string? unit, string? query)
    {
        if (kind is not null)
        {
            // Sessions an index build waits out are no share of its work: they stay words, not a percentage.
            return unit == "lockers"
                ? new StatementProgress(kind, table, name, total > 0 ? string.Create(CultureInfo.InvariantCulture, $"{phase} ({done} of {total} sessions)") : phase)
                : new StatementProgress(kind, table, name, phase, done, total, unit);
        }

        return DdlStatementText.Read(query) is { } statement ? new StatementProgress(statement.Kind, statement.Table, statement.Name, phase) : null;
    }
}
