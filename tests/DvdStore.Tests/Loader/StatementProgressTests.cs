using System.Collections.Concurrent;
using System.Diagnostics;
using DvdStore.Cli.Commands;
using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.SqlServer;

namespace DvdStore.Tests.Loader;

/// <summary>
/// A step's heartbeat says what the server is doing inside its long statement (issue #28): each engine's reading of
/// its progress views mapped offline, the store's own DDL read for what it builds, the one-line wording, and the beat
/// that carries it without ever failing or holding the load.
/// </summary>
public sealed class StatementProgressTests
{
    [Fact]
    public void A_statement_reads_as_kind_name_table_phase_percentage_and_counts()
    {
        var build = new StatementProgress("index", "REVIEWS_HELPFULNESS", "IX_HELPFULNESS", "building index: scanning table", 1234, 2741, "blocks");

        Assert.Equal("index IX_HELPFULNESS on REVIEWS_HELPFULNESS: building index: scanning table 45% (blocks 1,234 of 2,741)", build.Describe());
        Assert.Equal("statistics on ORDERS: acquiring sample rows", new StatementProgress("statistics", "ORDERS", null, "acquiring sample rows").Describe());
        Assert.Equal("index a on T: altering table 37% (stage 1 of 2)", new StatementProgress("index", "T", "a", "altering table", 1, 2, "stage", 37.4).Describe());
    }

    [Fact]
    public void Many_statements_make_one_line_with_the_rest_counted()
    {
        var statements = Enumerable.Range(1, 5).Select(i => new StatementProgress("index", "T", $"ix{i}", null)).ToList();

        Assert.Equal("index ix1 on T; index ix2 on T; index ix3 on T; and 2 more", StatementProgress.DescribeAll(statements));
    }

    [Fact]
    public void The_printer_adds_what_the_server_says_to_the_heartbeat_line_and_keeps_the_plain_line_otherwise()
    {
        var output = new StringWriter();
        var printer = new LoadProgressPrinter(output);
        var beat = new LoadProgress("keys", null, 0, 0, 0, TimeSpan.FromSeconds(40), Done: false);

        printer.Report(beat);
        printer.Report(beat with { Statements = [new StatementProgress("index", "REVIEWS", "IX_REVIEWS_PROD", "building index: loading tuples in tree", 50, 200, "tuples")] });

        var lines = output.ToString().Split(Environment.NewLine, StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(
        [
            "step keys             still running (40s)",
            "step keys             still running (40s): index IX_REVIEWS_PROD on REVIEWS: building index: loading tuples in tree 25% (tuples 50 of 200)",
        ], lines);
    }

    public static TheoryData<string, string, string, string> StoreStatements()
    {
        var data = new TheoryData<string, string, string, string>();
        var postgres = new PostgreSqlDialect();
        foreach (var index in StoreModel.Indexes)
        {
            data.Add(postgres.CreateIndex(index), "index", index.Table, index.Name);
        }

        foreach (var key in StoreModel.ForeignKeys)
        {
            data.Add(postgres.CreateForeignKey(key) + " NOT VALID", "foreign key", key.Table, key.Name);
            data.Add($"ALTER TABLE {key.Table} VALIDATE CONSTRAINT {key.Name}", "constraint check", key.Table, key.Name);
        }

        foreach (var table in StoreModel.Tables.Where(t => PostgreSqlDialect.PrimaryKeyIndex(t) is not null))
        {
            data.Add(PostgreSqlDialect.PrimaryKeyIndex(table)!, "index", table.Name, $"PK_{table.Name}");
            data.Add(PostgreSqlDialect.AttachPrimaryKey(table)!, "primary key", table.Name, $"PK_{table.Name}");
        }

        foreach (var table in StoreModel.Tables)
        {
            var names = string.Join(", ", StoreModel.Indexes.Where(i => i.Table == table.Name).Select(i => i.Name));
            if (names.Length > 0)
            {
                data.Add(MySqlDialect.IndexesOf(table).First(s => s.StartsWith("ALTER", StringComparison.Ordinal)), "index", table.Name, names);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(StoreStatements))]
    public void The_stores_own_key_statements_read_as_what_they_build(string sql, string kind, string table, string name)
    {
        Assert.Equal((kind, table, name), DdlStatementText.Read(sql));
    }

    [Theory]
    [InlineData("VACUUM (ANALYZE) ORDERS", "ORDERS")]
    [InlineData("ANALYZE TABLE CUSTOMERS, ORDERS", "CUSTOMERS, ORDERS")]
    [InlineData("UPDATE STATISTICS dbo.ORDERS WITH FULLSCAN", "dbo.ORDERS")]
    public void Statistics_statements_read_with_their_tables(string sql, string tables)
    {
        Assert.Equal(("statistics", tables, (string?)null), DdlStatementText.Read(sql));
    }

    [Theory]
    [InlineData("SELECT * FROM ORDERS")]
    [InlineData("INSERT INTO ORDERS VALUES (1)")]
    [InlineData("LOAD DATA LOCAL INFILE 'x' INTO TABLE ORDERS")]
    [InlineData("")]
    [InlineData(null)]
    public void Any_other_statement_reads_as_nothing(string? sql)
    {
        Assert.Null(DdlStatementText.Read(sql));
    }

    [Fact]
    public void Postgres_rows_map_from_the_progress_views_and_from_a_sessions_ddl_text()
    {
        Assert.Equal(new StatementProgress("index", "REVIEWS", "ix", "building index: scanning table", 10, 40, "blocks"),
            PostgreSqlStatementProgress.Map("index", "building index: scanning table", "REVIEWS", "ix", 10, 40, "blocks", null));
        Assert.Equal(new StatementProgress("index", "big", "big_a", "waiting for writers before build (0 of 1 sessions)"),
            PostgreSqlStatementProgress.Map("index", "waiting for writers before build", "big", "big_a", 0, 1, "lockers", null));
        Assert.Equal(new StatementProgress("constraint check", "ORDERLINES", "FK_ORDERID", "waiting for a lock (relation)"),
            PostgreSqlStatementProgress.Map(null, "waiting for a lock (relation)", null, null, 0, 0, null, "ALTER TABLE ORDERLINES VALIDATE CONSTRAINT FK_ORDERID"));
        Assert.Null(PostgreSqlStatementProgress.Map(null, "running", null, null, 0, 0, null, "CREATE TABLE X (A INT)"));
    }

    [Fact]
    public void Mysql_rows_take_innodb_stage_work_first_then_mariadb_progress_then_the_state()
    {
        const string alter = "ALTER TABLE REVIEWS_HELPFULNESS ADD INDEX IX_HELPFULNESS (REVIEW_ID)";
        Assert.Equal(new StatementProgress("index", "REVIEWS_HELPFULNESS", "IX_HELPFULNESS", "alter table (merge sort)", 9514, 18912, "work units"),
            MySqlStatementProgress.Map(alter, "altering table", 0, 0, 0, new InnoDbStage("stage/innodb/alter table (merge sort)", 9514, 18912)));
        Assert.Equal(new StatementProgress("index", "REVIEWS_HELPFULNESS", "IX_HELPFULNESS", "copy to tmp table", 1, 2, "stage", 12.5),
            MySqlStatementProgress.Map(alter, "copy to tmp table", 1, 2, 12.5, null));
        Assert.Equal(new StatementProgress("index", "REVIEWS_HELPFULNESS", "IX_HELPFULNESS", "Waiting for table metadata lock"),
            MySqlStatementProgress.Map(alter, "Waiting for table metadata lock", 0, 0, 0, null));
        Assert.Null(MySqlStatementProgress.Map("CREATE TABLE X (A INT)", "creating table", null, null, null, null));
    }

    [Fact]
    public void Sql_server_requests_map_with_percent_complete_or_scanned_rows_of_the_estimate()
    {
        Assert.Equal(new StatementProgress("index", "dbo.ORDERS", "IX_ORDER_CUSTID", "running", 500, 2000, "rows"),
            SqlServerStatementProgress.Map(0, null, "CREATE INDEX IX_ORDER_CUSTID ON dbo.ORDERS (CUSTOMERID)", 500, 2000));
        Assert.Equal(new StatementProgress("statistics", "ORDERS", null, "waiting (LCK_M_SCH_S)", Percent: 30),
            SqlServerStatementProgress.Map(30, "LCK_M_SCH_S", "UPDATE STATISTICS ORDERS", 0, 0));
        Assert.Null(SqlServerStatementProgress.Map(0, null, "SELECT 1", 0, 0));
    }

    [Fact]
    public void Oracle_long_operations_map_with_their_statement_and_units()
    {
        Assert.Equal(new StatementProgress("index", "ORDERS", "IX_ORDER_CUSTID", "Sort Output", 120, 480, "blocks"),
            OracleStatementProgress.Map("Sort Output", "DS3.ORDERS", 120, 480, "Blocks", "CREATE INDEX IX_ORDER_CUSTID ON ORDERS (CUSTOMERID) PARALLEL 4"));
        Assert.Equal(new StatementProgress("statistics", "ORDERS", null, "Table Scan", 5, 10, "blocks"),
            OracleStatementProgress.Map("Table Scan", "DS3.ORDERS", 5, 10, "Blocks", "BEGIN DBMS_STATS.GATHER_SCHEMA_STATS(USER); END;"));
        Assert.Null(OracleStatementProgress.Map("Table Scan", "DS3.ORDERS", 5, 10, "Blocks", "SELECT COUNT(*) FROM ORDERS"));
    }

    /// <summary>Columns of the views the query reads, as Oracle's Database Reference (19c, 23ai) documents them (those it may use).</summary>
    private static readonly Dictionary<string, HashSet<string>> OracleDocumented = new(StringComparer.OrdinalIgnoreCase)
    {
        ["l"] = ["sid", "serial#", "opname", "target", "target_desc", "sofar", "totalwork", "units", "start_time", "last_update_time", "time_remaining", "elapsed_seconds", "message", "username", "sql_id"],
        ["s"] = ["sid", "serial#", "username", "status", "type", "sql_id", "event", "state"],
        ["q"] = ["sql_id", "sql_text", "sql_fulltext", "child_number"],
    };

    [Fact]
    public void The_oracle_query_reads_long_operations_with_documented_columns_and_no_semicolon()
    {
        var query = OracleStatementProgress.Query;
        Assert.DoesNotContain(";", query);
        Assert.Contains("FROM v$session_longops l", query);
        Assert.Contains("JOIN v$session s", query);
        Assert.Contains("FROM v$sql q", query);
        var columns = System.Text.RegularExpressions.Regex.Matches(query, @"\b([lsq])\.([a-z_#]+)", System.Text.RegularExpressions.RegexOptions.IgnoreCase);
        Assert.NotEmpty(columns);
        Assert.All(columns, c => Assert.Contains(c.Groups[2].Value, OracleDocumented[c.Groups[1].Value]));
    }

    [Fact]
    public void The_sql_server_query_is_one_valid_select()
    {
        var fragment = new Microsoft.SqlServer.TransactSql.ScriptDom.TSql160Parser(initialQuotedIdentifiers: true).Parse(new StringReader(SqlServerStatementProgress.Query), out var errors);

        Assert.Empty(errors.Select(e => $"{e.Line}:{e.Column} {e.Message}"));
        Assert.IsType<Microsoft.SqlServer.TransactSql.ScriptDom.SelectStatement>(Assert.Single(Assert.Single(((Microsoft.SqlServer.TransactSql.ScriptDom.TSqlScript)fragment).Batches).Statements));
    }

    [Fact]
    public void Every_server_engine_reads_statement_progress_and_the_in_process_one_does_not()
    {
        foreach (var engine in EngineCatalog.All)
        {
            Assert.Equal(engine.Profile.InProcess, engine.Profile.ReadStatementProgress is null);
        }
    }

    [Fact]
    public async Task A_look_that_fails_reads_as_nothing()
    {
        // The in-process engine opens without a server, so the read itself is what fails.
        var target = new StoreTarget(EngineCatalog.Parse("sqlite"), "Data Source=:memory:");
        var read = 0;
        var statements = await StatementWatch.LookAsync(target, (_, _) => Interlocked.Increment(ref read) > 0 ? throw new InvalidOperationException("no such view") : null!, CancellationToken.None);

        Assert.Equal(1, read);
        Assert.Empty(statements);
    }

    [Fact]
    public async Task A_heartbeat_carries_what_the_look_saw_and_a_look_that_hangs_does_not_hold_the_steps_end()
    {
        var beats = new ConcurrentQueue<LoadProgress>();
        var seen = new StatementProgress("index", "T", "ix", "building index: scanning table", 1, 2, "blocks");
        var hang = new TaskCompletionSource<IReadOnlyList<StatementProgress>>();
        var looks = 0;
        using var stop = new CancellationTokenSource();
        var beating = StepHeartbeat.BeatAsync("keys", Stopwatch.StartNew(), new LoaderDatabase.InlineProgress(beats.Enqueue),
            _ => Interlocked.Increment(ref looks) == 1 ? Task.FromResult<IReadOnlyList<StatementProgress>>([seen]) : hang.Task,
            TimeSpan.FromMilliseconds(20), stop.Token);
        while (Volatile.Read(ref looks) < 2)
        {
            await Task.Delay(10);
        }

        await stop.CancelAsync();
        await beating.WaitAsync(TimeSpan.FromMinutes(2));
        Assert.Equal([seen], Assert.Single(beats).Statements);
    }
}
