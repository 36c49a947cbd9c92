namespace DvdStore.Driver.Results;

/// <summary>One target database: its engine, connection (password removed) and what the server reports.</summary>
public sealed class ServerContext
{
    /// <summary>CLI engine name, e.g. "postgres".</summary>
    public string Engine { get; init; } = "";

    /// <summary>Connection string with the password removed.</summary>
    public string Connection { get; init; } = "";

    public string Product { get; init; } = "";

    public string Version { get; init; } = "";

    /// <summary>Server settings that matter for a run, name → value.</summary>
    public IReadOnlyDictionary<string, string> Settings { get; init; } = new Dictionary<string, string>();

    /// <summary>The store before the users started (null: results written before it was recorded, or a store with no load baseline).</summary>
    public StoreAtStart? StoreAtStart { get; init; }
}
