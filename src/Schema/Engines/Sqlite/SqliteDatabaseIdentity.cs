namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>The real path of the store file (every symbolic link on the way resolved); an in-memory store is its own.</summary>
internal static class SqliteDatabaseIdentity
{
    public static async Task<string> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command("SELECT file FROM pragma_database_list WHERE name = 'main'");
        var file = await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false);
        return string.IsNullOrEmpty(file) ? "memory:" + Guid.NewGuid().ToString("N") : RealPath(file);
    }

    internal static string RealPath(string path)
    {
        var full = Path.GetFullPath(path);
        var root = Path.GetPathRoot(full) ?? "/";
        var real = root;
        foreach (var part in full[root.Length..].Split(Path.DirectorySeparatorChar, StringSplitOptions.RemoveEmptyEntries))
        {
            var next = Path.Combine(real, part);
            var info = new FileInfo(next);
            var target = info.Exists || Directory.Exists(next) ? info.ResolveLinkTarget(returnFinalTarget: true) : null;
            real = target is null ? next : Path.GetFullPath(target.FullName);
        }

        return real;
    }
}
