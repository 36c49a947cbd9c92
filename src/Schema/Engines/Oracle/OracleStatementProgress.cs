namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// Oracle's long statements of the store's user from v$session_longops (operations over six seconds: the table scan
/// and sort of an index build, a constraint's check, statistics), joined to the session's current statement (v$sql)
/// for what it builds. Needs SELECT on v_$session_longops, v_$session and v_$sql (SELECT_CATALOG_ROLE gives them).
/// No trailing semicolons: ODP.NET rejects them.
/// </summary>
public static class OracleStatementProgress
{
    public const string Query = """
        SELECT l.opname, l.target, l.sofar, l.totalwork, l.units,
          (SELECT MAX(SUBSTR(q.sql_text, 1, 1000)) FROM v$sql q WHERE q.sql_id = s.sql_id) AS sql_text
        FROM v$session_longops l
        JOIN v$session s ON s.sid = l.sid AND s.serial# = l.serial# AND s.sql_id = l.sql_id
        WHERE s.username = USER AND s.status = 'ACTIVE' AND s.sid <> SYS_CONTEXT('USERENV', 'SID') AND l.sofar < l.totalwork
        """;

    public static async Task<IReadOnlyList<StatementProgress>> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var rows = await WaitRows.ListAsync(connection, Query, r => Map(
            r.Text(0), r.Text(1), (long)r.Number(2), (long)r.Number(3), r.Text(4), r.Text(5)), cancellationToken).ConfigureAwait(false);
        return [.. rows.OfType<StatementProgress>()];
    }

    /// <summary>
    /// One long operation: the statement read for what it builds, the operation (e.g. "Sort Output", "Table Scan") as the
    /// phase; the operation's own target (OWNER.TABLE) when the statement names no table. Null when it is not DDL.
    /// </summary>
    public static StatementProgress? Map(string? operation, string? target, long soFar, long totalWork, string? units, string? statement)
    {
        // Statistics are a PL/SQL call (DBMS_STATS), not DDL text.
        var ddl = DdlStatementText.Read(statement);
        if (ddl is null && statement?.Contains("DBMS_STATS", StringComparison.OrdinalIgnoreCase) == true)
        {
            ddl = ("statistics", null, null);
        }

        if (ddl is null)
        {
            return null;
        }

        var table = ddl.Value.Table ?? target?[(target.LastIndexOf('.') + 1)..];
        return new StatementProgress(ddl.Value.Kind, table, ddl.Value.Name, operation, soFar, totalWork, string.IsNullOrWhiteSpace(units) ? null : units.ToLowerInvariant());
    }
}
