namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// SQL Server counters in one SELECT: Batch Requests/sec and the current database's Transactions/sec and Write Transactions/sec
/// from sys.dm_os_performance_counters (cumulative despite their names), I/O of all database files from
/// sys.dm_io_virtual_file_stats, and the last scheduler-monitor record of sys.dm_os_ring_buffers (SQL Server's CPU % and
/// the host's idle %, refreshed once a minute). Needs VIEW SERVER STATE (VIEW SERVER PERFORMANCE STATE on 2022+).
/// Commits are write transactions that committed; SQL Server has no rollback counter, so rollbacks stay unknown.
/// </summary>
public sealed class SqlServerCounters : IEngineCounters
{
    public const string Query = """
        SELECT
          (SELECT cntr_value FROM sys.dm_os_performance_counters
            WHERE object_name LIKE N'%:SQL Statistics%' AND counter_name = N'Batch Requests/sec') AS batch_requests,
          (SELECT cntr_value FROM sys.dm_os_performance_counters
            WHERE object_name LIKE N'%:Databases%' AND counter_name = N'Transactions/sec' AND instance_name = DB_NAME()) AS transactions,
          (SELECT cntr_value FROM sys.dm_os_performance_counters
            WHERE object_name LIKE N'%:Databases%' AND counter_name = N'Write Transactions/sec' AND instance_name = DB_NAME()) AS write_transactions,
          f.num_of_reads, f.num_of_writes, f.num_of_bytes_read, f.num_of_bytes_written, f.io_stall_read_ms, f.io_stall_write_ms,
          c.sql_cpu_percent, c.system_idle_percent
        FROM (SELECT SUM(num_of_reads) AS num_of_reads, SUM(num_of_writes) AS num_of_writes,
                SUM(num_of_bytes_read) AS num_of_bytes_read, SUM(num_of_bytes_written) AS num_of_bytes_written,
                SUM(io_stall_read_ms) AS io_stall_read_ms, SUM(io_stall_write_ms) AS io_stall_write_ms
              FROM sys.dm_io_virtual_file_stats(NULL, NULL)) AS f
        OUTER APPLY (
          SELECT TOP (1)
            r.record.value('(./Record/SchedulerMonitorEvent/SystemHealth/ProcessUtilization)[1]', 'int') AS sql_cpu_percent,
            r.record.value('(./Record/SchedulerMonitorEvent/SystemHealth/SystemIdle)[1]', 'int') AS system_idle_percent
          FROM (SELECT CONVERT(xml, record) AS record, [timestamp]
                FROM sys.dm_os_ring_buffers
                WHERE ring_buffer_type = N'RING_BUFFER_SCHEDULER_MONITOR' AND record LIKE N'%<SystemHealth>%') AS r
          ORDER BY r.[timestamp] DESC) AS c
        """;

    private static readonly IReadOnlySet<string> Gauges = new HashSet<string> { "sql_cpu_percent", "system_idle_percent" };

    public string? Unavailable => null;

    /// <summary>HAS_PERMS_BY_NAME is NULL for a permission the server does not know (VIEW SERVER PERFORMANCE STATE before 2022).</summary>
    public async Task<string?> MissingPermissionAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(
            "SELECT CASE WHEN COALESCE(HAS_PERMS_BY_NAME(NULL, NULL, 'VIEW SERVER STATE'), 0) = 1 OR COALESCE(HAS_PERMS_BY_NAME(NULL, NULL, 'VIEW SERVER PERFORMANCE STATE'), 0) = 1 THEN N'' ELSE SUSER_SNAME() END");
        var login = await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
        return string.IsNullOrEmpty(login) ? null : $"login {login} lacks VIEW SERVER STATE: GRANT VIEW SERVER STATE TO [{login}] (or VIEW SERVER PERFORMANCE STATE on SQL Server 2022+)";
    }

    public Task<EngineCounterSnapshot> ReadAsync(DbConnection connection, CancellationToken cancellationToken) =>
        CounterRows.QueryAsync(connection, Query, Map, cancellationToken);

    /// <summary>Maps the query's one row: write_transactions become commits; the two ring-buffer percentages are gauges.</summary>
    public static Task<EngineCounterSnapshot> Map(DbDataReader reader, CancellationToken cancellationToken) =>
        CounterRows.FromColumnsAsync(reader, "write_transactions", null, Gauges, cancellationToken);
}
