namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>SQLite runs inside the driver's process: there are no server sessions to sample.</summary>
public sealed class SqliteWaits : IEngineWaits
{
    public string? Unavailable => "SQLite runs in the driver's process and has no server sessions to sample";

    public Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    public Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken) =>
        throw new NotSupportedException(Unavailable);

    public Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(DbConnection connection, CancellationToken cancellationToken) =>
        throw new NotSupportedException(Unavailable);
}
