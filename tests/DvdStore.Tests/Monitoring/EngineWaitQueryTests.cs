using System.Text.RegularExpressions;
using DvdStore.Monitoring;
using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.SqlServer;
using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Monitoring;

/// <summary>Each engine's wait queries and its mapping of its own wait names to the common classes, checked offline; and the tally's arithmetic.</summary>
public partial class EngineWaitQueryTests
{
    [Fact]
    public void Every_server_engine_has_a_wait_sampler_and_sqlite_has_none()
    {
        foreach (var engine in EngineCatalog.All)
        {
            Assert.Equal(engine.Kind == EngineKind.Sqlite, engine.Profile.NewWaits().Unavailable is not null);
        }
    }

    [Theory]
    [InlineData("active", null, null, "CPU", WaitClass.Cpu)]
    [InlineData("active", "Lock", "transactionid", "Lock:transactionid", WaitClass.Lock)]
    [InlineData("active", "Lock", "tuple", "Lock:tuple", WaitClass.Lock)]
    [InlineData("active", "LWLock", "WALWrite", "LWLock:WALWrite", WaitClass.LogWrite)]
    [InlineData("active", "LWLock", "BufferMapping", "LWLock:BufferMapping", WaitClass.Latch)]
    [InlineData("active", "IO", "DataFileRead", "IO:DataFileRead", WaitClass.DataRead)]
    [InlineData("active", "IO", "WALSync", "IO:WALSync", WaitClass.LogWrite)]
    [InlineData("active", "IO", "DataFileExtend", "IO:DataFileExtend", WaitClass.Other)]
    [InlineData("active", "IPC", "SyncRep", "IPC:SyncRep", WaitClass.LogWrite)]
    [InlineData("active", "Client", "ClientWrite", "Client:ClientWrite", WaitClass.Client)]
    [InlineData("idle in transaction", "Client", "ClientRead", "Client:ClientRead", WaitClass.Client)]
    [InlineData("idle in transaction", null, null, "Client:ClientRead", WaitClass.Client)]
    [InlineData("active", "Timeout", "PgSleep", "Timeout:PgSleep", WaitClass.Other)]
    public void Postgresql_wait_events_keep_their_name_and_get_a_class(string state, string? type, string? name, string expectedEvent, WaitClass expected)
    {
        Assert.Equal(new SessionWait(expectedEvent, expected), PostgreSqlWaits.Classify(state, type, name));
    }

    [Theory]
    [InlineData("Query", "Updating", "LOCK WAIT", null, "InnoDB row lock wait", WaitClass.Lock)]
    [InlineData("Query", "Waiting for table metadata lock", null, null, "Waiting for table metadata lock", WaitClass.Lock)]
    [InlineData("Query", "Commit", "RUNNING", null, "Commit", WaitClass.LogWrite)]
    [InlineData("Query", "Waiting for prior transaction to commit", "RUNNING", null, "Waiting for prior transaction to commit", WaitClass.LogWrite)]
    [InlineData("Query", "User sleep", null, null, "User sleep", WaitClass.Other)]
    [InlineData("Query", "User sleep", null, "wait/synch/cond/sql/Item_func_sleep::cond", "User sleep", WaitClass.Other)]
    [InlineData("Query", "Sending data", "RUNNING", null, "CPU", WaitClass.Cpu)]
    [InlineData("Query", "", null, null, "CPU", WaitClass.Cpu)]
    [InlineData("Query", "Writing to net", null, null, "Writing to net", WaitClass.Client)]
    [InlineData("Sleep", "", "RUNNING", null, "Sleep in transaction", WaitClass.Client)]
    [InlineData("Query", "Updating", "RUNNING", "wait/io/file/innodb/innodb_data_file", "wait/io/file/innodb/innodb_data_file", WaitClass.DataRead)]
    [InlineData("Query", "Commit", "RUNNING", "wait/io/file/innodb/innodb_log_file", "wait/io/file/innodb/innodb_log_file", WaitClass.LogWrite)]
    [InlineData("Query", "Updating", "RUNNING", "wait/synch/mutex/innodb/buf_pool_mutex", "wait/synch/mutex/innodb/buf_pool_mutex", WaitClass.Latch)]
    [InlineData("Query", "Updating", "RUNNING", "wait/lock/table/sql/handler", "wait/lock/table/sql/handler", WaitClass.Lock)]
    [InlineData("Query", "Sending data", "RUNNING", "wait/io/table/sql/handler", "CPU", WaitClass.Cpu)]
    [InlineData("Query", "", null, "wait/io/socket/sql/client_connection", "wait/io/socket/sql/client_connection", WaitClass.Client)]
    public void Mysql_threads_keep_their_event_or_state_and_get_a_class(string command, string? state, string? transaction, string? waitEvent, string expectedEvent, WaitClass expected)
    {
        Assert.Equal(new SessionWait(expectedEvent, expected), MySqlWaits.Classify(command, state, transaction, waitEvent));
    }

    [Theory]
    [InlineData("LCK_M_X", WaitClass.Lock)]
    [InlineData("PAGEIOLATCH_SH", WaitClass.DataRead)]
    [InlineData("PAGELATCH_EX", WaitClass.Latch)]
    [InlineData("WRITELOG", WaitClass.LogWrite)]
    [InlineData("HADR_SYNC_COMMIT", WaitClass.LogWrite)]
    [InlineData("ASYNC_NETWORK_IO", WaitClass.Client)]
    [InlineData("SOS_SCHEDULER_YIELD", WaitClass.Cpu)]
    [InlineData("WAITFOR", WaitClass.Other)]
    public void Sql_server_wait_types_get_a_class(string waitType, WaitClass expected)
    {
        Assert.Equal(expected, SqlServerWaits.ClassOf(waitType));
        Assert.Equal(new SessionWait(waitType, expected), SqlServerWaits.Classify("suspended", waitType));
    }

    [Fact]
    public void A_sql_server_request_without_a_wait_is_on_a_cpu()
    {
        Assert.Equal(new SessionWait("CPU", WaitClass.Cpu), SqlServerWaits.Classify("runnable", null));
        Assert.Equal(new SessionWait("CPU", WaitClass.Cpu), SqlServerWaits.Classify("running", ""));
    }

    [Theory]
    [InlineData("WAITING", "Application", "enq: TX - row lock contention", WaitClass.Lock)]
    [InlineData("WAITING", "Concurrency", "buffer busy waits", WaitClass.Latch)]
    [InlineData("WAITING", "User I/O", "db file sequential read", WaitClass.DataRead)]
    [InlineData("WAITING", "Commit", "log file sync", WaitClass.LogWrite)]
    [InlineData("WAITING", "Configuration", "log file switch (checkpoint incomplete)", WaitClass.LogWrite)]
    [InlineData("WAITING", "Network", "SQL*Net more data from client", WaitClass.Client)]
    [InlineData("WAITING", "Other", "latch free", WaitClass.Latch)]
    [InlineData("WAITING", "Scheduler", "resmgr:cpu quantum", WaitClass.Other)]
    public void Oracle_events_get_a_class_from_their_wait_class(string state, string waitClass, string waitEvent, WaitClass expected)
    {
        Assert.Equal(new SessionWait(waitEvent, expected), OracleWaits.Classify(state, waitClass, waitEvent));
    }

    [Fact]
    public void An_oracle_session_that_is_not_waiting_is_on_a_cpu()
    {
        Assert.Equal(new SessionWait("CPU", WaitClass.Cpu), OracleWaits.Classify("WAITED SHORT TIME", "User I/O", "db file sequential read"));
    }

    [Theory]
    [InlineData(SqlServerWaits.SampleQuery)]
    [InlineData(SqlServerWaits.TotalsQuery)]
    public void The_sql_server_wait_queries_are_one_valid_select(string query)
    {
        var fragment = new TSql160Parser(initialQuotedIdentifiers: true).Parse(new StringReader(query), out var errors);

        Assert.Empty(errors.Select(e => $"{e.Line}:{e.Column} {e.Message}"));
        Assert.IsType<SelectStatement>(Assert.Single(Assert.Single(((TSqlScript)fragment).Batches).Statements));
    }

    /// <summary>Columns of v$session and v$system_event as Oracle's Database Reference (19c, 23ai) documents them (those the queries may use).</summary>
    private static readonly Dictionary<string, HashSet<string>> OracleDocumented = new(StringComparer.OrdinalIgnoreCase)
    {
        ["v$session"] = ["sid", "serial#", "username", "status", "schemaname", "type", "state", "event", "wait_class", "wait_time", "seconds_in_wait", "sql_id", "blocking_session", "wait_time_micro"],
        ["v$system_event"] = ["event", "total_waits", "total_timeouts", "time_waited", "average_wait", "time_waited_micro", "event_id", "wait_class_id", "wait_class#", "wait_class"],
    };

    [Theory]
    [InlineData(OracleWaits.SampleQuery, "v$session")]
    [InlineData(OracleWaits.TotalsQuery, "v$system_event")]
    public void The_oracle_wait_queries_name_only_documented_columns_and_no_diagnostics_pack_view(string query, string view)
    {
        Assert.DoesNotContain(";", query);
        Assert.DoesNotContain("active_session_history", query, StringComparison.OrdinalIgnoreCase);
        Assert.Contains(view, query);
        var columns = QualifiedColumn().Matches(query).Select(m => m.Groups[1].Value).ToList();
        Assert.NotEmpty(columns);
        Assert.All(columns, c => Assert.Contains(c.ToLowerInvariant(), OracleDocumented[view]));
    }

    [Fact]
    public void A_tally_gives_average_active_sessions_per_class_and_the_top_events()
    {
        var tally = new WaitTally();
        tally.AddSample([new("CPU", WaitClass.Cpu), new("Lock:transactionid", WaitClass.Lock), new("Lock:transactionid", WaitClass.Lock)]);
        tally.AddSample([new("CPU", WaitClass.Cpu), new("LWLock:WALWrite", WaitClass.LogWrite)]);
        tally.AddSample([]);
        tally.AddSample([new("Lock:transactionid", WaitClass.Lock)]);

        var waits = tally.ToWaits()!;

        Assert.Equal(4, waits.Samples);
        Assert.Equal(6 / 4.0, waits.ActiveSessions, 9);
        Assert.Equal(3 / 4.0, waits.Of(WaitClass.Lock), 9);
        Assert.Equal(2 / 4.0, waits.Of(WaitClass.Cpu), 9);
        Assert.Equal(1 / 4.0, waits.Classes["logWrite"], 9);
        Assert.Equal(0, waits.Of(WaitClass.DataRead));
        Assert.Equal(new WaitEventShare("Lock:transactionid", "lock", 0.75), waits.Top[0]);
        Assert.Null(waits.EngineTotals);
        Assert.Equal("1.50 active sessions: lock 0.75, CPU 0.50, log/commit write 0.25; top Lock:transactionid 0.75", waits.SummaryLine());
    }

    [Fact]
    public void Engine_totals_become_seconds_waited_per_second_and_a_reset_counts_nothing()
    {
        var tally = new WaitTally();
        var before = new Dictionary<string, WaitTotal> { ["WRITELOG"] = new(WaitClass.LogWrite, 100), ["LCK_M_X"] = new(WaitClass.Lock, 50) };
        var after = new Dictionary<string, WaitTotal> { ["WRITELOG"] = new(WaitClass.LogWrite, 103), ["LCK_M_X"] = new(WaitClass.Lock, 10), ["PAGEIOLATCH_SH"] = new(WaitClass.DataRead, 1) };
        tally.AddSample([]);
        tally.AddTotals(before, after, 2);

        var totals = tally.ToWaits()!.EngineTotals!;

        Assert.Equal([new WaitEventTime("WRITELOG", "logWrite", 1.5), new WaitEventTime("PAGEIOLATCH_SH", "dataRead", 0.5)], totals);
    }

    [Fact]
    public void No_samples_make_no_waits()
    {
        Assert.Null(new WaitTally().ToWaits());
    }

    [GeneratedRegex(@"\b[se]\.([a-z_#]+)", RegexOptions.IgnoreCase)]
    private static partial Regex QualifiedColumn();
}
