namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Oracle's waits without the Diagnostics Pack (v$active_session_history needs its licence): each sample reads the
/// store user's active sessions from v$session (STATE 'WAITING' is in the event; any other state is on a CPU), and the
/// cumulative v$system_event gives the instance's wait time per event (idle events left out). Needs SELECT on
/// v_$session and v_$system_event (SELECT_CATALOG_ROLE gives both). No trailing semicolons: ODP.NET rejects them.
/// </summary>
public sealed class OracleWaits : IEngineWaits
{
    public const string SampleQuery = """
        SELECT s.state, s.wait_class, s.event FROM v$session s
        WHERE s.type = 'USER' AND s.status = 'ACTIVE' AND s.username = USER AND s.sid <> SYS_CONTEXT('USERENV', 'SID')
        """;

    public const string TotalsQuery = """
        SELECT e.event, e.wait_class, e.time_waited_micro FROM v$system_event e
        WHERE e.wait_class <> 'Idle' AND e.time_waited_micro > 0
        """;

    public string? Unavailable => null;

    public Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    public Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken) =>
        WaitRows.ListAsync(connection, SampleQuery, r => Classify(r.GetString(0), r.Text(1) ?? "", r.Text(2) ?? ""), cancellationToken);

    /// <summary>time_waited_micro per event, in seconds.</summary>
    public Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(DbConnection connection, CancellationToken cancellationToken) =>
        WaitRows.TotalsAsync(connection, TotalsQuery, r => (r.GetString(0), new WaitTotal(ClassOf(r.GetString(1), r.GetString(0)), r.Number(2) / 1e6)), cancellationToken);

    /// <summary>One session: its event while STATE is WAITING, else "CPU" (WAITED SHORT/KNOWN TIME: the last wait is over).</summary>
    public static SessionWait Classify(string state, string waitClass, string waitEvent) =>
        state == "WAITING" ? new SessionWait(waitEvent, ClassOf(waitClass, waitEvent)) : new SessionWait("CPU", WaitClass.Cpu);

    /// <summary>An event's class from its WAIT_CLASS, e.g. Application (enq: TX - row lock contention) lock, Commit (log file sync) log.</summary>
    public static WaitClass ClassOf(string waitClass, string waitEvent) => waitClass switch
    {
        "Application" => WaitClass.Lock,
        "Concurrency" => WaitClass.Latch,
        "User I/O" => WaitClass.DataRead,
        "Commit" => WaitClass.LogWrite,
        "Network" or "Idle" => WaitClass.Client,
        "System I/O" or "Configuration" when waitEvent.StartsWith("log file", StringComparison.Ordinal) => WaitClass.LogWrite,
        "Other" when waitEvent.StartsWith("latch", StringComparison.Ordinal) => WaitClass.Latch,
        _ => WaitClass.Other,
    };
}
