namespace DvdStore.Schema.Engines;

/// <summary>What the engine reports of itself and its host, recorded in a run's context.</summary>
/// <param name="Product">e.g. "PostgreSQL".</param>
/// <param name="Version">The server's version string.</param>
/// <param name="Settings">Settings that matter for a run (e.g. shared_buffers, max_connections, cpu_count), name → value.</param>
public sealed record ServerFacts(string Product, string Version, IReadOnlyDictionary<string, string> Settings);
