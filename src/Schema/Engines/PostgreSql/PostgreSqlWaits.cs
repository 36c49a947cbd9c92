namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>
/// PostgreSQL's waits from pg_stat_activity: the client backends of the store's database that are running a statement
/// or sit inside an open transaction (that time is the client's: its next statement has not come yet). An active
/// backend with no wait_event is on a CPU (or queued for one). pg_stat_activity shows other roles' sessions only to
/// members of pg_monitor (see <see cref="PostgreSqlCounters.MissingPermissionAsync"/>).
/// </summary>
public sealed class PostgreSqlWaits : IEngineWaits
{
    public const string Query = """
        SELECT state, wait_event_type, wait_event FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
          AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')
        """;

    public string? Unavailable => null;

    public Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    public Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken) =>
        WaitRows.ListAsync(connection, Query, r => Classify(r.GetString(0), r.Text(1), r.Text(2)), cancellationToken);

    public Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(DbConnection connection, CancellationToken cancellationToken) =>
        Task.FromResult<IReadOnlyDictionary<string, WaitTotal>?>(null);

    /// <summary>One backend's row: its event as "type:event" (e.g. "LWLock:WALWrite"), "CPU" when active with no wait.</summary>
    public static SessionWait Classify(string state, string? type, string? name)
    {
        if (type is null || name is null)
        {
            // An idle-in-transaction backend always waits on ClientRead; older servers may leave the columns empty.
            return state == "active" ? new SessionWait("CPU", WaitClass.Cpu) : new SessionWait("Client:ClientRead", WaitClass.Client);
        }

        var waitClass = type switch
        {
            "Lock" or "BufferPin" => WaitClass.Lock,
            "LWLock" when name.StartsWith("WAL", StringComparison.Ordinal) => WaitClass.LogWrite,
            "LWLock" => WaitClass.Latch,
            "IO" when name.StartsWith("WAL", StringComparison.Ordinal) => WaitClass.LogWrite,
            "IO" when name.EndsWith("Read", StringComparison.Ordinal) || name.EndsWith("Prefetch", StringComparison.Ordinal) => WaitClass.DataRead,
            "IPC" when name == "SyncRep" => WaitClass.LogWrite,
            "Client" => WaitClass.Client,
            _ => WaitClass.Other,
        };
        return new SessionWait($"{type}:{name}", waitClass);
    }
}
