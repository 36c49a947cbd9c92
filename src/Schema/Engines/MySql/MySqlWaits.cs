namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// MySQL/MariaDB waits. With performance_schema on and its events_waits_current consumer enabled, each foreground
/// thread of the store's database shows its current wait event (wait/io/file/innodb/innodb_log_file,
/// wait/synch/mutex/...); otherwise the states of information_schema.PROCESSLIST are all there is (they show locks,
/// commits, sleeps and the network, not I/O or latches), and one warning says what to enable. Either way InnoDB's
/// LOCK WAIT from information_schema.INNODB_TRX marks a session blocked on a row lock, and a session idle inside an
/// open transaction counts as waiting for its client.
/// </summary>
public sealed class MySqlWaits : IEngineWaits
{
    /// <summary>The sample with performance_schema: thread, current wait (if one is in progress), state, InnoDB state.</summary>
    public const string PerformanceSchemaQuery = """
        SELECT t.PROCESSLIST_COMMAND, t.PROCESSLIST_STATE, x.trx_state, w.EVENT_NAME
        FROM performance_schema.threads AS t
        LEFT JOIN performance_schema.events_waits_current AS w ON w.THREAD_ID = t.THREAD_ID AND w.END_EVENT_ID IS NULL
        LEFT JOIN information_schema.INNODB_TRX AS x ON x.trx_mysql_thread_id = t.PROCESSLIST_ID
        WHERE t.TYPE = 'FOREGROUND' AND t.PROCESSLIST_DB = DATABASE() AND t.PROCESSLIST_ID <> CONNECTION_ID()
          AND (t.PROCESSLIST_COMMAND <> 'Sleep' OR x.trx_id IS NOT NULL)
        """;

    /// <summary>The sample without performance_schema: the processlist's command and state, InnoDB's transaction state.</summary>
    public const string ProcessListQuery = """
        SELECT p.COMMAND, p.STATE, x.trx_state, NULL AS EVENT_NAME
        FROM information_schema.PROCESSLIST AS p
        LEFT JOIN information_schema.INNODB_TRX AS x ON x.trx_mysql_thread_id = p.ID
        WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID() AND (p.COMMAND <> 'Sleep' OR x.trx_id IS NOT NULL)
        """;

    public const string ConsumerQuery = "SELECT ENABLED FROM performance_schema.setup_consumers WHERE NAME = 'events_waits_current'";

    public const string ProcessListWarning =
        "MySQL waits from information_schema.PROCESSLIST states only (locks, commits, sleeps, the network; no I/O or latch waits): "
        + "start the server with performance_schema=ON and enable the events_waits_current consumer and the wait instruments "
        + "(UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_waits_current'; "
        + "UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED = 'YES' WHERE NAME LIKE 'wait/%')";

    private string query = ProcessListQuery;

    public string? Unavailable => null;

    /// <summary>Chooses performance_schema when it is on and its current-waits consumer is enabled; else warns once.</summary>
    public async Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var on = connection.Command("SELECT @@performance_schema");
        if (Convert.ToInt64(await on.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false), CultureInfo.InvariantCulture) == 1)
        {
            await using var consumer = connection.Command(ConsumerQuery);
            if (await consumer.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is string enabled && enabled.Equals("YES", StringComparison.OrdinalIgnoreCase))
            {
                query = PerformanceSchemaQuery;
                return null;
            }
        }

        query = ProcessListQuery;
        return ProcessListWarning;
    }

    public Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken) =>
        WaitRows.ListAsync(connection, query, r => Classify(r.Text(0) ?? "", r.Text(1), r.Text(2), r.Text(3)), cancellationToken);

    public Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(DbConnection connection, CancellationToken cancellationToken) =>
        Task.FromResult<IReadOnlyDictionary<string, WaitTotal>?>(null);

    /// <summary>One thread: a row-lock wait first, a user's SLEEP(), then its performance_schema event, then its processlist state.</summary>
    /// <param name="command">PROCESSLIST COMMAND, e.g. Query, Sleep.</param>
    /// <param name="state">PROCESSLIST STATE, e.g. "Commit", "User sleep", "Waiting for table metadata lock".</param>
    /// <param name="transactionState">INNODB_TRX trx_state, e.g. RUNNING, LOCK WAIT; null outside a transaction.</param>
    /// <param name="waitEvent">performance_schema's current wait, e.g. wait/io/file/innodb/innodb_log_file; null when none.</param>
    public static SessionWait Classify(string command, string? state, string? transactionState, string? waitEvent)
    {
        if (transactionState == "LOCK WAIT")
        {
            return new SessionWait("InnoDB row lock wait", WaitClass.Lock);
        }

        if (command == "Sleep")
        {
            return new SessionWait("Sleep in transaction", WaitClass.Client);
        }

        // SLEEP() is the statement's own request, not a server wait; performance_schema shows it as a condition wait
        // (wait/synch/cond/sql/Item_func_sleep::cond), which would otherwise read as a lock.
        if (state == "User sleep")
        {
            return new SessionWait(state, WaitClass.Other);
        }

        if (waitEvent is not null && ClassifyEvent(waitEvent) is { } instrumented)
        {
            return new SessionWait(waitEvent, instrumented);
        }

        if (string.IsNullOrWhiteSpace(state))
        {
            return new SessionWait("CPU", WaitClass.Cpu);
        }

        var waitClass = state switch
        {
            "User sleep" => WaitClass.Other,
            "Locked" => WaitClass.Lock,
            _ when state.StartsWith("Waiting for", StringComparison.OrdinalIgnoreCase) && state.Contains("lock", StringComparison.OrdinalIgnoreCase)
                && !state.Contains("commit", StringComparison.OrdinalIgnoreCase) => WaitClass.Lock,
            _ when state.Contains("commit", StringComparison.OrdinalIgnoreCase) || state.Contains("binlog", StringComparison.OrdinalIgnoreCase)
                || state.Contains("binary log", StringComparison.OrdinalIgnoreCase) => WaitClass.LogWrite,
            _ when state.Contains(" net", StringComparison.OrdinalIgnoreCase) || state.Contains("to client", StringComparison.OrdinalIgnoreCase) => WaitClass.Client,
            _ => WaitClass.Cpu,
        };
        return new SessionWait(waitClass == WaitClass.Cpu ? "CPU" : state, waitClass);
    }

    /// <summary>A performance_schema wait instrument's class; null for table I/O (the handler's own work: CPU, named by its state).</summary>
    public static WaitClass? ClassifyEvent(string waitEvent)
    {
        if (waitEvent.StartsWith("wait/io/table/", StringComparison.Ordinal))
        {
            return null;
        }

        if (waitEvent.StartsWith("wait/lock/", StringComparison.Ordinal))
        {
            return WaitClass.Lock;
        }

        if (waitEvent.StartsWith("wait/io/file/", StringComparison.Ordinal))
        {
            return waitEvent.Contains("log", StringComparison.Ordinal) ? WaitClass.LogWrite : WaitClass.DataRead;
        }

        if (waitEvent.StartsWith("wait/io/socket/", StringComparison.Ordinal))
        {
            return WaitClass.Client;
        }

        if (waitEvent.StartsWith("wait/synch/cond/", StringComparison.Ordinal))
        {
            // Condition waits are a session waiting on another: a group commit or the binary log, or a lock's release.
            return waitEvent.Contains("commit", StringComparison.OrdinalIgnoreCase) || waitEvent.Contains("log", StringComparison.OrdinalIgnoreCase)
                ? WaitClass.LogWrite
                : WaitClass.Lock;
        }

        return waitEvent.StartsWith("wait/synch/", StringComparison.Ordinal) ? WaitClass.Latch : WaitClass.Other;
    }
}
