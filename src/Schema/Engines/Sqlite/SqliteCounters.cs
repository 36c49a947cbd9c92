namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>SQLite runs inside the driver's process: there is no server, so no server-side counters.</summary>
public sealed class SqliteCounters : IEngineCounters
{
    public string? Unavailable => "SQLite runs in the driver's process and keeps no server-side counters";

    public Task<string?> MissingPermissionAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

    public Task<EngineCounterSnapshot> ReadAsync(DbConnection connection, CancellationToken cancellationToken) =>
        throw new NotSupportedException(Unavailable);
}
