namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>
/// SQL Server's long statements of the store's database from sys.dm_exec_requests: the running statement's text says
/// what it builds, its wait type where it is held; percent_complete where the server keeps one (few DDL operations),
/// else the rows its scans have read of those the optimizer estimated (a percentage from an estimate), from sys.dm_exec_query_profiles (lightweight
/// profiling, on by default since 2019). Needs VIEW SERVER STATE, as the counters do.
/// </summary>
public static class SqlServerStatementProgress
{
    public const string Query = """
        SELECT r.percent_complete, r.wait_type,
          SUBSTRING(t.text, r.statement_start_offset / 2 + 1,
            CASE WHEN r.statement_end_offset = -1 THEN 2000 ELSE (r.statement_end_offset - r.statement_start_offset) / 2 + 1 END) AS statement_text,
          p.rows_done, p.rows_estimated
        FROM sys.dm_exec_requests AS r
        CROSS APPLY sys.dm_exec_sql_text(r.sql_handle) AS t
        OUTER APPLY (SELECT SUM(q.row_count) AS rows_done, SUM(q.estimate_row_count) AS rows_estimated
                     FROM sys.dm_exec_query_profiles AS q
                     WHERE q.session_id = r.session_id AND q.request_id = r.request_id AND q.physical_operator_name LIKE N'%Scan%') AS p
        WHERE r.database_id = DB_ID() AND r.session_id <> @@SPID
        """;

    public static async Task<IReadOnlyList<StatementProgress>> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var rows = await WaitRows.ListAsync(connection, Query, r => Map(
            r.Number(0), r.Text(1), r.Text(2), r.IsDBNull(3) ? 0 : (long)r.Number(3), r.IsDBNull(4) ? 0 : (long)r.Number(4)), cancellationToken).ConfigureAwait(false);
        return [.. rows.OfType<StatementProgress>()];
    }

    /// <summary>One request: its statement read for what it builds; null for any statement that is not long DDL.</summary>
    public static StatementProgress? Map(double percentComplete, string? waitType, string? statement, long rowsDone, long rowsEstimated)
    {
        if (DdlStatementText.Read(statement) is not { } ddl)
        {
            return null;
        }

        var phase = waitType is null ? "running" : $"waiting ({waitType})";
        return rowsEstimated > 0
            ? new StatementProgress(ddl.Kind, ddl.Table, ddl.Name, phase, rowsDone, rowsEstimated, "rows", percentComplete > 0 ? percentComplete : null)
            : new StatementProgress(ddl.Kind, ddl.Table, ddl.Name, phase, Percent: percentComplete > 0 ? percentComplete : null);
    }
}
