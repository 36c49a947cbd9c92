namespace DvdStore.Schema.Engines;

/// <summary>What one active session of the store was doing at the instant of a wait sample.</summary>
/// <param name="Event">The engine's own name, e.g. "LWLock:WALWrite", "PAGEIOLATCH_SH", "log file sync"; "CPU" for no wait.</param>
/// <param name="Class">The common class the engine's reader put it in.</param>
public readonly record struct SessionWait(string Event, WaitClass Class);

/// <summary>An engine's cumulative time in one wait event since it started (SQL Server's dm_os_wait_stats, Oracle's v$system_event).</summary>
public readonly record struct WaitTotal(WaitClass Class, double Seconds);
