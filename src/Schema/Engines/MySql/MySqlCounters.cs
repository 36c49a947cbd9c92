namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// MySQL/MariaDB counters from SHOW GLOBAL STATUS. Com_commit counts COMMIT statements (explicit transactions, including
/// those inside procedures); autocommitted statements show in Handler_commit only, which also counts read-only statements.
/// </summary>
public sealed class MySqlCounters : IEngineCounters
{
    public const string Query = """
        SHOW GLOBAL STATUS WHERE Variable_name IN (
          'Com_commit', 'Com_rollback', 'Handler_commit', 'Handler_rollback', 'Questions',
          'Innodb_data_reads', 'Innodb_data_writes', 'Innodb_data_read', 'Innodb_data_written',
          'Innodb_buffer_pool_reads', 'Innodb_buffer_pool_read_requests', 'Innodb_row_lock_waits',
          'Threads_running', 'Threads_connected')
        """;

    private static readonly IReadOnlySet<string> Gauges = new HashSet<string> { "Threads_running", "Threads_connected" };

    public string? Unavailable => null;

    /// <summary>SHOW GLOBAL STATUS needs no privilege on MySQL or MariaDB.</summary>
    public Task<string?> MissingPermissionAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    public Task<EngineCounterSnapshot> ReadAsync(DbConnection connection, CancellationToken cancellationToken) =>
        CounterRows.QueryAsync(connection, Query, Map, cancellationToken);

    /// <summary>Maps (Variable_name, Value) rows: Com_commit/Com_rollback become commits/rollbacks, Threads_* gauges.</summary>
    public static Task<EngineCounterSnapshot> Map(DbDataReader reader, CancellationToken cancellationToken) =>
        CounterRows.FromNameValueRowsAsync(reader, "Com_commit", "Com_rollback", Gauges, cancellationToken);
}
