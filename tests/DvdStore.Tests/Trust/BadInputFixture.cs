using DvdStore.Cli;

namespace DvdStore.Tests.Trust;

/// <summary>What the bad-input cases point at: a loaded 1MB SQLite store, an empty database, corrupt and foreign files.</summary>
public sealed class BadInputFixture : IAsyncLifetime
{
    public string Root { get; } = Path.GetDirectoryName(TestServers.TempFile("x"))!;

    public string LoadedStore => $"Data Source={Path.Combine(Root, "store1mb.db")}";

    public string EmptyDatabase => Path.Combine(Root, "empty.db");

    public string CorruptConf => Path.Combine(Root, "corrupt.conf");

    public string CorruptJson => Path.Combine(Root, "corrupt.json");

    public string ForeignJson => Path.Combine(Root, "package.json");

    public async Task InitializeAsync()
    {
        await File.WriteAllTextAsync(CorruptConf, "n_threads=4\nthis line is garbage\n");
        await File.WriteAllTextAsync(CorruptJson, "{\"n_threads\": 4,, \"users\"");
        await File.WriteAllTextAsync(ForeignJson, "{\"name\": \"left-pad\", \"version\": \"1.3.0\"}");
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(["load", "--size", "1MB", "--parallel-tables", "2", "--connection", LoadedStore], output, error, CancellationToken.None);
        if (code != 0)
        {
            throw new InvalidOperationException($"loading the 1MB test store failed: {error}");
        }
    }

    public Task DisposeAsync()
    {
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        try
        {
            Directory.Delete(Root, recursive: true);
        }
        catch (IOException)
        {
            // Temp files; a busy file is left for the OS to clean.
        }

        return Task.CompletedTask;
    }
}
