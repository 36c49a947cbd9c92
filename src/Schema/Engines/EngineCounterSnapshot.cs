namespace DvdStore.Schema.Engines;

/// <summary>
/// What an engine's own statistics say at one instant. Cumulative counters only mean something as a difference
/// between two snapshots; gauges (threads running, the engine's own per-second metrics) are read as they are.
/// </summary>
/// <param name="Commits">Committed transactions since the server (or its statistics) started, when the engine counts them.</param>
/// <param name="Rollbacks">Rolled-back transactions likewise.</param>
/// <param name="Counters">Other cumulative counters by the engine's own name (e.g. blks_read, Innodb_data_reads).</param>
/// <param name="Gauges">Instant values by the engine's own name (e.g. Threads_running, Host CPU Utilization (%)).</param>
public sealed record EngineCounterSnapshot(
    long? Commits,
    long? Rollbacks,
    IReadOnlyDictionary<string, double> Counters,
    IReadOnlyDictionary<string, double> Gauges);
