using System.Text.RegularExpressions;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>Which MySQL and MariaDB servers can hold the store, and the one-line refusal for the others.</summary>
public sealed partial class MySqlEngine
{
    // The oldest servers the store is built on (see UnsupportedServerReason).
    private static readonly Version MinimumMySql = new(8, 0);
    private static readonly Version MinimumMariaDb = new(10, 6);

    /// <summary>
    /// Why the server of this VERSION() cannot hold the store, or null when it can. The store's SQL needs MySQL 8.0
    /// (REGEXP_REPLACE, ICU regular expressions) or MariaDB 10.6 (the oldest maintained release it is tested on).
    /// </summary>
    internal static string? UnsupportedServerReason(string version)
    {
        var match = LeadingVersionPattern().Match(version);
        if (!match.Success)
        {
            return null; // An unknown format: let the server's own errors speak.
        }

        var found = new Version(int.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture), int.Parse(match.Groups[2].Value, CultureInfo.InvariantCulture));
        var (product, minimum) = version.Contains("MariaDB", StringComparison.OrdinalIgnoreCase)
            ? ("MariaDB", MinimumMariaDb)
            : ("MySQL", MinimumMySql);
        return found >= minimum
            ? null
            : $"the server is {product} {version}; the store needs {product} {minimum.Major}.{minimum.Minor} or later (upgrade the server or use another engine).";
    }

    private static async Task RequireSupportedServerAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command("SELECT VERSION()");
        if (UnsupportedServerReason(await command.ScalarAsync<string>(cancellationToken).ConfigureAwait(false) ?? "") is { } reason)
        {
            throw new UserError(reason);
        }
    }

    [GeneratedRegex(@"^(\d+)\.(\d+)")]
    private static partial Regex LeadingVersionPattern();
}
