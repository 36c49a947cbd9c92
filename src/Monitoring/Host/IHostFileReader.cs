namespace DvdStore.Monitoring.Host;

/// <summary>Reads small text files (<c>/proc/…</c>) of the server's host: locally, or over SSH.</summary>
public interface IHostFileReader : IAsyncDisposable
{
    /// <summary>Where the files come from, for messages: "local host" or "ssh bench@db1".</summary>
    string Description { get; }

    /// <summary>True when files come from this machine (then sysfs can be asked directly).</summary>
    bool IsLocal { get; }

    /// <summary>The text of each path that exists and is readable; missing ones are left out.</summary>
    /// <exception cref="HostUnreachableException">The host cannot be reached or stopped answering.</exception>
    Task<IReadOnlyDictionary<string, string>> ReadAsync(IReadOnlyList<string> paths, CancellationToken cancellationToken);
}
