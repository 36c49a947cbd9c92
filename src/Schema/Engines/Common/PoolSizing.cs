namespace DvdStore.Schema.Engines.Common;

/// <summary>
/// Sizes a provider's connection pool for a run. The driver holds one connection per virtual user for the whole run
/// plus a few of its own, while Npgsql, MySqlConnector, SqlClient and ODP.NET pool at most 100 connections per
/// connection string by default: without this, users beyond the pool wait for a connection and time out.
/// </summary>
public static class PoolSizing
{
    // Every spelling of the providers' maximum-pool keyword, lower case without spaces.
    private static readonly string[] MaximumKeys = ["maximumpoolsize", "maxpoolsize"];

    /// <summary>
    /// <paramref name="connectionString"/> unchanged when pooling is off or the pool already holds
    /// <paramref name="connections"/>; else <paramref name="withMaximum"/>(connections). A maximum the user set
    /// explicitly below the need is refused with a <see cref="UserError"/> naming <paramref name="option"/>.
    /// </summary>
    public static string Sized(string connectionString, int connections, bool pooling, int maximum, string option, Func<int, string> withMaximum)
    {
        if (!pooling || maximum >= connections)
        {
            return connectionString;
        }

        if (SetsMaximum(connectionString))
        {
            throw new UserError(string.Create(CultureInfo.InvariantCulture,
                $"--connection sets {option}={maximum}, but the run holds up to {connections} connections at once (one per user plus the driver's own); raise {option} to at least {connections} or leave it out."));
        }

        return withMaximum(connections);
    }

    /// <summary>True when the connection string names a maximum pool size itself (any spelling).</summary>
    public static bool SetsMaximum(string connectionString)
    {
        var builder = new DbConnectionStringBuilder { ConnectionString = connectionString };
        return builder.Keys.Cast<string>().Any(static k => MaximumKeys.Contains(k.Replace(" ", "", StringComparison.Ordinal).ToLowerInvariant()));
    }
}
