namespace DvdStore.Monitoring.Host;

/// <summary>Reads the files on this machine (the server runs beside the driver).</summary>
public sealed class LocalFileReader : IHostFileReader
{
    public string Description => "local host";

    public bool IsLocal => true;

    public async Task<IReadOnlyDictionary<string, string>> ReadAsync(IReadOnlyList<string> paths, CancellationToken cancellationToken)
    {
        var texts = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var path in paths)
        {
            try
            {
                texts[path] = await File.ReadAllTextAsync(path, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                // A missing file (no such pid, not Linux) is reported by the caller as a missing metric.
            }
        }

        return texts;
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
