namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// PostgreSQL's own counters: pg_stat_database of the current database, checkpoints (pg_stat_checkpointer from 17,
/// pg_stat_bgwriter before) and, from 16, pg_stat_io totals. The query depends on the server version, read once.
/// Backends publish their statistics when they go idle, at most once a second, so counts trail by up to ~1 s.
/// </summary>
public sealed class PostgreSqlCounters : IEngineCounters
{
    private static readonly IReadOnlySet<string> Gauges = new HashSet<string> { "active_backends" };

    private string? query;

    public string? Unavailable => null;

    /// <summary>The counter query for a server of this <c>server_version_num</c> (e.g. 150004, 170002).</summary>
    public static string Query(int serverVersionNum)
    {
        var checkpoints = serverVersionNum >= 170000
            ? """
              (SELECT num_timed FROM pg_stat_checkpointer) AS checkpoints_timed,
                (SELECT num_requested FROM pg_stat_checkpointer) AS checkpoints_req,
                (SELECT buffers_written FROM pg_stat_checkpointer) AS buffers_checkpoint
              """
            : """
              (SELECT checkpoints_timed FROM pg_stat_bgwriter) AS checkpoints_timed,
                (SELECT checkpoints_req FROM pg_stat_bgwriter) AS checkpoints_req,
                (SELECT buffers_checkpoint FROM pg_stat_bgwriter) AS buffers_checkpoint
              """;
        var io = serverVersionNum >= 160000
            ? """
              ,
                io.reads AS io_reads, io.writes AS io_writes, io.extends AS io_extends, io.fsyncs AS io_fsyncs
              """
            : "";
        var ioJoin = serverVersionNum >= 160000
            ? "\nCROSS JOIN (SELECT sum(reads) AS reads, sum(writes) AS writes, sum(extends) AS extends, sum(fsyncs) AS fsyncs FROM pg_stat_io) AS io"
            : "";
        return $"""
            SELECT d.xact_commit, d.xact_rollback, d.blks_read, d.blks_hit,
              d.tup_returned, d.tup_fetched, d.tup_inserted, d.tup_updated, d.tup_deleted, d.deadlocks, d.temp_bytes,
              (SELECT count(*) FROM pg_stat_activity WHERE state = 'active') AS active_backends,
              {checkpoints}{io}
            FROM pg_stat_database AS d{ioJoin}
            WHERE d.datname = current_database()
            """;
    }

    /// <summary>Without pg_monitor (or superuser) pg_stat_activity hides other roles' sessions, so active_backends counts only the user's own.</summary>
    public async Task<string?> MissingPermissionAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(
            "SELECT r.rolsuper OR pg_has_role(current_user, 'pg_monitor', 'MEMBER'), current_user FROM pg_roles r WHERE r.rolname = current_user");
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        return reader.GetBoolean(0) ? null : $"role {reader.GetString(1)} is not a member of pg_monitor: GRANT pg_monitor TO {reader.GetString(1)}";
    }

    public async Task<EngineCounterSnapshot> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        if (query is null)
        {
            await using var version = connection.Command("SELECT current_setting('server_version_num')::int");
            query = Query(await version.ScalarAsync<int>(cancellationToken).ConfigureAwait(false));
        }

        return await CounterRows.QueryAsync(connection, query, Map, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Maps the query's one row: xact_commit/xact_rollback become commits/rollbacks, active_backends a gauge.</summary>
    public static Task<EngineCounterSnapshot> Map(DbDataReader reader, CancellationToken cancellationToken) =>
        CounterRows.FromColumnsAsync(reader, "xact_commit", "xact_rollback", Gauges, cancellationToken);
}
