namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// SQL Server's waits: each sample reads sys.dm_exec_requests of the store's database (user sessions only; a request
/// with no wait_type is running or runnable: CPU), and the cumulative sys.dm_os_wait_stats are read beside it for the
/// server's whole wait time per type (idle and background waits left out). Needs VIEW SERVER STATE, as the counters do.
/// </summary>
public sealed class SqlServerWaits : IEngineWaits
{
    public const string SampleQuery = """
        SELECT r.status, r.wait_type
        FROM sys.dm_exec_requests AS r
        JOIN sys.dm_exec_sessions AS s ON s.session_id = r.session_id
        WHERE r.database_id = DB_ID() AND r.session_id <> @@SPID AND s.is_user_process = 1
        """;

    /// <summary>Idle waits (schedulers, queues, timers, the Service Broker and Extended Events) count no session's time.</summary>
    public const string TotalsQuery = """
        SELECT wait_type, wait_time_ms FROM sys.dm_os_wait_stats
        WHERE wait_time_ms > 0 AND wait_type NOT LIKE N'%SLEEP%' AND wait_type NOT LIKE N'%QUEUE%'
          AND wait_type NOT LIKE N'BROKER[_]%' AND wait_type NOT LIKE N'XE[_]%' AND wait_type NOT LIKE N'HADR[_]FILESTREAM%'
          AND wait_type NOT IN (N'DIRTY_PAGE_POLL', N'REQUEST_FOR_DEADLOCK_SEARCH', N'CLR_AUTO_EVENT', N'CLR_MANUAL_EVENT',
            N'SQLTRACE_INCREMENTAL_FLUSH_SLEEP', N'SP_SERVER_DIAGNOSTICS_SLEEP', N'CHECKPOINT_QUEUE', N'WAIT_XTP_OFFLINE_CKPT_NEW_LOG',
            N'QDS_PERSIST_TASK_MAIN_LOOP_SLEEP', N'QDS_ASYNC_QUEUE', N'PARALLEL_REDO_WORKER_WAIT_WORK', N'WAITFOR_TASKSHUTDOWN')
        """;

    public string? Unavailable => null;

    public Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    public Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken) =>
        WaitRows.ListAsync(connection, SampleQuery, r => Classify(r.GetString(0), r.Text(1)), cancellationToken);

    /// <summary>wait_time_ms per wait type, in seconds.</summary>
    public Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(DbConnection connection, CancellationToken cancellationToken) =>
        WaitRows.TotalsAsync(connection, TotalsQuery, r => (r.GetString(0), new WaitTotal(ClassOf(r.GetString(0)), r.Number(1) / 1000.0)), cancellationToken);

    /// <summary>One request: its wait_type, or "CPU" when it has none (running, or runnable: queued for a scheduler).</summary>
    public static SessionWait Classify(string status, string? waitType) =>
        string.IsNullOrEmpty(waitType) ? new SessionWait("CPU", WaitClass.Cpu) : new SessionWait(waitType, ClassOf(waitType));

    /// <summary>A wait type's class, e.g. LCK_M_X lock, PAGELATCH_EX latch, PAGEIOLATCH_SH data read, WRITELOG log.</summary>
    public static WaitClass ClassOf(string waitType) => waitType switch
    {
        _ when waitType.StartsWith("LCK_", StringComparison.Ordinal) => WaitClass.Lock,
        _ when waitType.StartsWith("PAGEIOLATCH_", StringComparison.Ordinal) => WaitClass.DataRead,
        _ when waitType.StartsWith("PAGELATCH_", StringComparison.Ordinal) || waitType.StartsWith("LATCH_", StringComparison.Ordinal) => WaitClass.Latch,
        "WRITELOG" or "LOGBUFFER" or "HADR_SYNC_COMMIT" or "LOG_RATE_GOVERNOR" => WaitClass.LogWrite,
        "ASYNC_NETWORK_IO" => WaitClass.Client,
        "SOS_SCHEDULER_YIELD" => WaitClass.Cpu,
        _ => WaitClass.Other,
    };
}
