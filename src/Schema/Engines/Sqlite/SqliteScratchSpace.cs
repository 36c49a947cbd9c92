using Microsoft.Data.Sqlite;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>A store file in a fresh temporary folder (whatever file the connection names is left alone), removed after.</summary>
public sealed class SqliteScratchSpace : IScratchSpace
{
    public Task<ScratchStore> CreateAsync(string connectionString, CancellationToken cancellationToken)
    {
        var name = ScratchStore.NewName();
        var folder = Path.Combine(Path.GetTempPath(), name);
        Directory.CreateDirectory(folder);
        var file = Path.Combine(folder, "check.db");
        var scratch = new SqliteConnectionStringBuilder(connectionString) { DataSource = file }.ConnectionString;
        return Task.FromResult(new ScratchStore($"file {file}", name, scratch, connectionString));
    }

    public Task DropAsync(ScratchStore scratch, CancellationToken cancellationToken)
    {
        var file = new SqliteConnectionStringBuilder(scratch.ConnectionString).DataSource;
        using (var pooled = new SqliteConnection(scratch.ConnectionString))
        {
            SqliteConnection.ClearPool(pooled);
        }

        var folder = Path.GetDirectoryName(file)!;
        if (Directory.Exists(folder))
        {
            Directory.Delete(folder, recursive: true);
        }

        return Task.CompletedTask;
    }
}
