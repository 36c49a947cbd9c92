namespace DvdStore.Schema.Engines;

/// <summary>
/// Reads an engine's own activity counters with one light query, for the server metrics sampled during a run.
/// Each engine's query lives in its folder (<c>Engines/&lt;Engine&gt;/&lt;E&gt;Counters.cs</c>); get one from <see cref="EngineProfile.NewCounters"/>.
/// </summary>
public interface IEngineCounters
{
    /// <summary>Null when the engine has server-side counters; otherwise why it has none (e.g. SQLite is in-process).</summary>
    string? Unavailable { get; }

    /// <summary>
    /// Null when the connection's user holds what the counters need to see the whole server; otherwise the missing
    /// permission and the statement that grants it (without it the query fails or silently sees only the user's own sessions).
    /// </summary>
    Task<string?> MissingPermissionAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>One snapshot, read on a connection that runs nothing else (the query's own commit may be counted).</summary>
    Task<EngineCounterSnapshot> ReadAsync(DbConnection connection, CancellationToken cancellationToken);
}
