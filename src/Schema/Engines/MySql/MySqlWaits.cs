using System.Diagnostics;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// MySQL/MariaDB waits. With performance_schema on and its events_waits_current consumer enabled, each foreground
/// thread of the store's database shows its current wait event (wait/io/file/innodb/innodb_log_file,
/// wait/synch/mutex/...); otherwise the states of information_schema.PROCESSLIST are all there is (they show locks,
/// commits, sleeps and the network, not I/O or latches), and one warning says what to enable. Either way InnoDB's
/// LOCK WAIT from information_schema.INNODB_TRX marks a session blocked on a row lock, and a session idle inside an
/// open transaction counts as waiting for its client.
/// </summary>
/// <remarks>
/// InnoDB answers INNODB_TRX from a cache it refreshes only when nobody has read it for 100 ms: a sampler reading it at
/// 10 Hz or faster sees the transactions of its first sample for ever (a hot-row storm read as CPU). So the threads are
/// read every sample and the transactions at most every <see cref="TransactionsRefresh"/>, the latest kept in between.
/// </remarks>
public sealed class MySqlWaits : IEngineWaits
{
    /// <summary>The sample with performance_schema: thread id, command, state, current wait (if one is in progress).</summary>
    public const string PerformanceSchemaQuery = """
        SELECT t.PROCESSLIST_ID, t.PROCESSLIST_COMMAND, t.PROCESSLIST_STATE, w.EVENT_NAME
        FROM performance_schema.threads AS t
        LEFT JOIN performance_schema.events_waits_current AS w ON w.THREAD_ID = t.THREAD_ID AND w.END_EVENT_ID IS NULL
        WHERE t.TYPE = 'FOREGROUND' AND t.PROCESSLIST_DB = DATABASE() AND t.PROCESSLIST_ID <> CONNECTION_ID()
        """;

    /// <summary>The sample without performance_schema: the processlist's thread id, command and state.</summary>
    public const string ProcessListQuery = """
        SELECT p.ID, p.COMMAND, p.STATE, NULL AS EVENT_NAME
        FROM information_schema.PROCESSLIST AS p
        WHERE p.DB = DATABASE() AND p.ID <> CONNECTION_ID()
        """;

    /// <summary>InnoDB's open transactions by thread: RUNNING, LOCK WAIT, ...</summary>
    public const string TransactionsQuery = "SELECT trx_mysql_thread_id, trx_state FROM information_schema.INNODB_TRX";

    /// <summary>Longer than InnoDB's 100 ms idle time before it refreshes INNODB_TRX, so each read of ours is fresh.</summary>
    public static readonly TimeSpan TransactionsRefresh = TimeSpan.FromMilliseconds(150);

    public const string ConsumerQuery = "SELECT ENABLED FROM performance_schema.setup_consumers WHERE NAME = 'events_waits_current'";

    public const string ProcessListWarning =
        "MySQL waits from information_schema.PROCESSLIST states only (locks, commits, sleeps, the network; no I/O or latch waits): "
        + "start the server with performance_schema=ON and enable the events_waits_current consumer and the wait instruments "
        + "(UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_waits_current'; "
        + "UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED = 'YES' WHERE NAME LIKE 'wait/%')";

    private string query = ProcessListQuery;
    private IReadOnlyDictionary<long, string> transactions = new Dictionary<long, string>();
    private Stopwatch? sinceTransactions;

    public string? Unavailable => null;

    /// <summary>Chooses performance_schema when it is on and its current-waits consumer is enabled; else warns once.</summary>
    public async Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var on = connection.Command("SELECT @@performance_schema");
        if (Convert.ToInt64(await on.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false), CultureInfo.InvariantCulture) == 1)
        {
            await using var consumer = connection.Command(ConsumerQuery);
            object? enabled;
            try
            {
                enabled = await consumer.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (DbException e)
            {
                // An account without SELECT on performance_schema (a run's role need not have it) samples the processlist.
                query = ProcessListQuery;
                return $"MySQL waits from information_schema.PROCESSLIST states only: this account cannot read performance_schema ({e.Message.Split('\n')[0].TrimEnd('.')}); "
                    + "GRANT SELECT ON performance_schema.* to it for I/O and latch waits";
            }

            if (enabled is string yes && yes.Equals("YES", StringComparison.OrdinalIgnoreCase))
            {
                query = PerformanceSchemaQuery;
                return null;
            }
        }

        query = ProcessListQuery;
        return ProcessListWarning;
    }

    public async Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var threads = await WaitRows.ListAsync(connection, query, r => (Id: ThreadId(r, 0), Command: r.Text(1) ?? "", State: r.Text(2), Event: r.Text(3)), cancellationToken)
            .ConfigureAwait(false);
        if (sinceTransactions is null || sinceTransactions.Elapsed >= TransactionsRefresh)
        {
            var rows = await WaitRows.ListAsync(connection, TransactionsQuery, r => (Id: ThreadId(r, 0), State: r.Text(1) ?? ""), cancellationToken).ConfigureAwait(false);
            transactions = rows.GroupBy(t => t.Id).ToDictionary(g => g.Key, g => g.First().State);
            sinceTransactions = Stopwatch.StartNew();
        }

        // A sleeping thread is idle unless it holds a transaction open; it cannot be waiting on a lock, whatever a
        // transaction list up to TransactionsRefresh old says.
        return threads
            .Where(t => t.Command != "Sleep" || transactions.ContainsKey(t.Id))
            .Select(t => Classify(t.Command, t.State, t.Command == "Sleep" ? "RUNNING" : transactions.GetValueOrDefault(t.Id), t.Event))
            .ToList();
    }

    private static long ThreadId(DbDataReader reader, int ordinal) => reader.IsDBNull(ordinal) ? -1 : Convert.ToInt64(reader.GetValue(ordinal), CultureInfo.InvariantCulture);

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
