namespace DvdStore.Driver.Results;

/// <summary>Where the run happened: the client machine, the server(s), and the user's labels.</summary>
public sealed class RunContext
{
    public ClientContext Client { get; init; } = new();

    /// <summary>One entry per target, in target order.</summary>
    public IReadOnlyList<ServerContext> Servers { get; init; } = [];

    /// <summary>Free labels from <c>--label key=value</c>, for grouping runs in analysis.</summary>
    public IReadOnlyDictionary<string, string> Labels { get; init; } = new Dictionary<string, string>();
}
