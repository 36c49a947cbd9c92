namespace DvdStore.Driver.Results;

/// <summary>
/// Which workload a run measured (result.json "workload"): a name and version a reader can print, and a hash of what
/// defines the work per order — the statements the engine runs, the mix parameters and the rule that picks the search
/// words. Runs compare only within one workload: equal <see cref="Key"/>s. Run settings (users, duration, think time,
/// warm-up) are not part of it; they are what studies vary.
/// </summary>
public sealed record WorkloadIdentity
{
    /// <summary>The workload's name, e.g. "DvdStore" or "DS3 driver (unknown store)".</summary>
    public string Name { get; init; } = "";

    /// <summary>The workload's version, moved by hand when its definition changes on purpose; "" when not known.</summary>
    public string Version { get; init; } = "";

    /// <summary>16 hex digits of SHA-256 over the definition (statements, mix, vocabulary); "" when not known (DS3 logs).</summary>
    public string Hash { get; init; } = "";

    /// <summary>16 hex digits of SHA-256 over the statements the engine runs for an order; "" when not known.</summary>
    public string StatementsHash { get; init; } = "";

    /// <summary>The mix parameters by their DS3 names (pct_newcustomers, n_searches, search_batch_size, …).</summary>
    public IReadOnlyDictionary<string, string> Mix { get; init; } = new Dictionary<string, string>();

    /// <summary>How the search words are chosen, in words.</summary>
    public string Vocabulary { get; init; } = "";

    /// <summary>"DvdStore v1", or the bare name when the version is not known.</summary>
    public string Title() => Version.Length == 0 ? Name : $"{Name} v{Version}";

    /// <summary>Runs with equal keys ran one workload.</summary>
    public string Key() => Hash.Length == 0 ? Title() : $"{Title()} #{Hash}";
}
