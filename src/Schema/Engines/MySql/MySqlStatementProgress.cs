namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// MySQL/MariaDB's long statements of the store's database from information_schema.PROCESSLIST: the statement (INFO)
/// says what it builds and its STATE where it is ("altering table", "Waiting for table metadata lock"). How far an
/// InnoDB index build is comes only from performance_schema's current stage (its WORK_COMPLETED of WORK_ESTIMATED, e.g.
/// in "alter table (merge sort)"), which needs the events_stages_current consumer on (off by default; see
/// docs/loader-performance.md); MariaDB's own STAGE, MAX_STAGE and PROGRESS columns count for the statements that
/// report them (a copying ALTER, LOAD DATA), not for InnoDB's in-place builds. The columns MySQL lacks are read by name.
/// </summary>
public static class MySqlStatementProgress
{
    public const string Query = """
        SELECT * FROM information_schema.PROCESSLIST
        WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND COMMAND = 'Query'
          AND (TRIM(INFO) LIKE 'ALTER%' OR TRIM(INFO) LIKE 'CREATE%' OR TRIM(INFO) LIKE 'ANALYZE%' OR TRIM(INFO) LIKE 'OPTIMIZE%')
        """;

    /// <summary>Each thread's current stage with its work counts (rows only while the consumer is on).</summary>
    public const string StagesQuery = """
        SELECT t.PROCESSLIST_ID, s.EVENT_NAME, s.WORK_COMPLETED, s.WORK_ESTIMATED
        FROM performance_schema.events_stages_current AS s
        JOIN performance_schema.threads AS t ON t.THREAD_ID = s.THREAD_ID
        WHERE t.PROCESSLIST_DB = DATABASE() AND t.PROCESSLIST_ID <> CONNECTION_ID() AND s.WORK_ESTIMATED > 0
        """;

    public static async Task<IReadOnlyList<StatementProgress>> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var threads = await WaitRows.ListAsync(connection, Query, r => (
            Id: (long)r.Number(r.GetOrdinal("ID")), Info: r.Text(r.GetOrdinal("INFO")), State: r.Text(r.GetOrdinal("STATE")),
            Stage: Optional(r, "STAGE"), MaxStage: Optional(r, "MAX_STAGE"), Progress: Optional(r, "PROGRESS")), cancellationToken).ConfigureAwait(false);
        if (threads.Count == 0)
        {
            return [];
        }

        var stages = await StagesAsync(connection, cancellationToken).ConfigureAwait(false);
        return [.. threads.Select(t => Map(t.Info, t.State, t.Stage, t.MaxStage, t.Progress, stages.TryGetValue(t.Id, out var stage) ? stage : null)).OfType<StatementProgress>()];
    }

    /// <summary>
    /// One thread: its statement read for what it builds, and how far: InnoDB's stage counts where performance_schema
    /// gives them, else MariaDB's stage and percentage, else its processlist state alone.
    /// </summary>
    public static StatementProgress? Map(string? info, string? state, double? stage, double? maxStage, double? progress, InnoDbStage? innoDbStage)
    {
        if (DdlStatementText.Read(info) is not { } statement)
        {
            return null;
        }

        if (innoDbStage is { } work)
        {
            // "stage/innodb/alter table (merge sort)": the last part is the stage's own name.
            return new StatementProgress(statement.Kind, statement.Table, statement.Name, work.Event[(work.Event.LastIndexOf('/') + 1)..], work.Completed, work.Estimated, "work units");
        }

        // MariaDB's stages count only once a statement reports any (not while it waits for a lock); PROGRESS is of the
        // whole statement, so a stage's number is no percentage of its own.
        var stages = maxStage > 0 ? (long)maxStage.Value : 0;
        return new StatementProgress(statement.Kind, statement.Table, statement.Name, string.IsNullOrWhiteSpace(state) ? null : state,
            stages > 0 ? (long)(stage ?? 0) : 0, stages, stages > 0 ? "stage" : null, stages > 0 ? progress ?? 0 : null);
    }

    /// <summary>The current stages by thread; none when performance_schema cannot be read by this account.</summary>
    private static async Task<IReadOnlyDictionary<long, InnoDbStage>> StagesAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        try
        {
            var rows = await WaitRows.ListAsync(connection, StagesQuery, r => (Id: (long)r.Number(0), Stage: new InnoDbStage(r.GetString(1), r.IsDBNull(2) ? 0 : (long)r.Number(2), (long)r.Number(3))), cancellationToken)
                .ConfigureAwait(false);
            return rows.GroupBy(r => r.Id).ToDictionary(g => g.Key, g => g.First().Stage);
        }
        catch (DbException)
        {
            return new Dictionary<long, InnoDbStage>();
        }
    }

    // A column only MariaDB's processlist has, null on MySQL's.
    private static double? Optional(DbDataReader reader, string column)
    {
        for (var i = 0; i < reader.FieldCount; i++)
        {
            if (string.Equals(reader.GetName(i), column, StringComparison.OrdinalIgnoreCase))
            {
                return reader.IsDBNull(i) ? null : reader.Number(i);
            }
        }

        return null;
    }
}
