using Microsoft.Data.Sqlite;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// The file an SQLite connection string names, read by Microsoft.Data.Sqlite's own builder, so a keyword it does not
/// know or a value it does not take (<c>Mode=Bogus</c>) is refused in one line when the option is read, not with a
/// stack trace when the first connection opens.
/// </summary>
internal static class SqliteStoreFile
{
    /// <summary>The store file's full path; null for an in-memory database.</summary>
    public static string? Of(string connectionString)
    {
        var builder = Parse(connectionString);
        if (builder.Mode == SqliteOpenMode.Memory || builder.DataSource.Length == 0 || builder.DataSource == ":memory:"
            || builder.DataSource.StartsWith("file:", StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        return Path.GetFullPath(builder.DataSource);
    }

    private static SqliteConnectionStringBuilder Parse(string connectionString)
    {
        DbConnectionStringBuilder pairs;
        try
        {
            pairs = new DbConnectionStringBuilder { ConnectionString = connectionString };
        }
        catch (ArgumentException)
        {
            throw new UserError("--connection is not a connection string; give key=value pairs separated by ';', e.g. \"Data Source=dvdstore.db\".");
        }

        // Key by key, so the error names the keyword or value at fault (the provider's own message lower-cases it).
        var builder = new SqliteConnectionStringBuilder();
        foreach (var key in pairs.Keys.Cast<string>())
        {
            var value = pairs[key];
            try
            {
                builder[key] = value;
            }
            catch (Exception e) when (e is ArgumentException or FormatException or InvalidCastException or OverflowException)
            {
                throw new UserError(Problem(AsTyped(connectionString, key), Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture) ?? "", e));
            }
        }

        return builder;
    }

    private static string Problem(string key, string value, Exception error)
    {
        if (error.Message.Contains("not supported", StringComparison.OrdinalIgnoreCase))
        {
            return $"--connection: SQLite has no keyword '{Cut(key)}'; it takes Data Source, Mode, Cache, Foreign Keys, Pooling, Default Timeout, Recursive Triggers and Password.";
        }

        var shown = ConnectionSecrets.IsSecret(key) ? $"the value of {key}" : $"{key}={Cut(value)}";
        var choices = key.Trim().ToUpperInvariant() switch
        {
            "MODE" => $"; give {string.Join(", ", Enum.GetNames<SqliteOpenMode>())}",
            "CACHE" => $"; give {string.Join(", ", Enum.GetNames<SqliteCacheMode>())}",
            _ => "",
        };
        return $"--connection: SQLite does not take {shown}{choices}.";
    }

    /// <summary>The keyword as the user wrote it (the generic builder lower-cases keys).</summary>
    private static string AsTyped(string connectionString, string key) =>
        connectionString.IndexOf(key, StringComparison.OrdinalIgnoreCase) is >= 0 and var at ? connectionString.Substring(at, key.Length) : key;

    private static string Cut(string text) => text.Length <= 60 ? text : string.Concat(text.AsSpan(0, 60), "…");
}
