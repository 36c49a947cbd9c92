namespace DvdStore.Schema.Engines;

/// <summary>
/// Samples what the store's sessions are waiting on, many times a second on a connection of its own, and reads the
/// engine's cumulative wait totals where it keeps them. Each engine's queries and its mapping of its own wait names to
/// <see cref="WaitClass"/> live in its folder (<c>Engines/&lt;Engine&gt;/&lt;E&gt;Waits.cs</c>); get one from
/// <see cref="EngineProfile.NewWaits"/>, one per server (it remembers what it learnt of it).
/// </summary>
public interface IEngineWaits
{
    /// <summary>Null when the engine can be sampled; otherwise why not (SQLite runs in the driver's process).</summary>
    string? Unavailable { get; }

    /// <summary>
    /// Looks once at what the server offers before the first sample; returns one warning line when sampling will see less
    /// than it could and what to enable (MySQL without performance_schema), else null.
    /// </summary>
    Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>The store's active sessions now (the sampling connection itself left out).</summary>
    Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>
    /// The engine's cumulative wait time per event (idle waits left out), or null when it keeps none worth reading
    /// (PostgreSQL and MySQL: their sampled sessions say it all).
    /// </summary>
    Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(DbConnection connection, CancellationToken cancellationToken);
}
