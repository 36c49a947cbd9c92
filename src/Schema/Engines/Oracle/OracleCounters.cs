namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Oracle counters: the 60-second system metrics of v$sysmetric (already rates, so gauges) and, for exact commit deltas,
/// the cumulative 'user commits' and 'user rollbacks' of v$sysstat. Needs SELECT on v_$sysmetric and v_$sysstat
/// (SELECT_CATALOG_ROLE gives both). No trailing semicolon: ODP.NET rejects one.
/// </summary>
public sealed class OracleCounters : IEngineCounters
{
    public const string Query = """
        SELECT metric_name AS name, value, 0 AS cumulative FROM v$sysmetric
        WHERE group_id = 2 AND metric_name IN ('Host CPU Utilization (%)', 'Physical Reads Per Sec',
          'Physical Writes Per Sec', 'User Commits Per Sec', 'User Rollbacks Per Sec')
        UNION ALL
        SELECT name, value, 1 AS cumulative FROM v$sysstat WHERE name IN ('user commits', 'user rollbacks')
        """;

    public string? Unavailable => null;

    /// <summary>SELECT_CATALOG_ROLE, SELECT ANY DICTIONARY or direct grants on both views: any one is enough.</summary>
    public async Task<string?> MissingPermissionAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(
            """
            SELECT (SELECT COUNT(*) FROM session_roles WHERE role = 'SELECT_CATALOG_ROLE')
                 + (SELECT COUNT(*) FROM session_privs WHERE privilege = 'SELECT ANY DICTIONARY')
                 + (SELECT CASE WHEN COUNT(*) = 2 THEN 1 ELSE 0 END FROM all_tab_privs WHERE grantee = USER AND table_name IN ('V_$SYSMETRIC', 'V_$SYSSTAT')) AS grants,
                   USER AS username
            FROM dual
            """);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        var user = reader.GetString(1);
        return Convert.ToInt64(reader.GetValue(0), System.Globalization.CultureInfo.InvariantCulture) > 0 ? null : $"user {user} can read neither v$sysmetric nor v$sysstat: GRANT SELECT_CATALOG_ROLE TO {user}";
    }

    public Task<EngineCounterSnapshot> ReadAsync(DbConnection connection, CancellationToken cancellationToken) =>
        CounterRows.QueryAsync(connection, Query, Map, cancellationToken);

    /// <summary>Maps (name, value, cumulative) rows: v$sysstat's user commits/rollbacks become commits/rollbacks.</summary>
    public static Task<EngineCounterSnapshot> Map(DbDataReader reader, CancellationToken cancellationToken) =>
        CounterRows.FromNameValueRowsAsync(reader, "user commits", "user rollbacks", new HashSet<string>(), cancellationToken);
}
