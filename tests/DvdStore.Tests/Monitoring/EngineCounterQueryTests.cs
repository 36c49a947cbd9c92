using System.Data;
using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.SqlServer;
using Microsoft.SqlServer.TransactSql.ScriptDom;

namespace DvdStore.Tests.Monitoring;

/// <summary>The counter queries and their result mapping, checked offline (SQL Server and Oracle have no server here).</summary>
public class EngineCounterQueryTests
{
    [Fact]
    public void Every_engine_has_a_counter_reader_and_only_sqlite_has_none_server_side()
    {
        foreach (var engine in EngineCatalog.All)
        {
            var counters = EngineCatalog.Get(engine.Kind).Profile.NewCounters();
            Assert.Equal(engine.Kind == EngineKind.Sqlite, counters.Unavailable is not null);
        }
    }

    [Fact]
    public void The_sql_server_query_is_valid_t_sql()
    {
        var fragment = new TSql160Parser(initialQuotedIdentifiers: true).Parse(new StringReader(SqlServerCounters.Query), out var errors);

        Assert.Empty(errors.Select(e => $"{e.Line}:{e.Column} {e.Message}"));
        var statement = Assert.Single(Assert.Single(((TSqlScript)fragment).Batches).Statements);
        Assert.IsType<SelectStatement>(statement);
        foreach (var source in new[] { "sys.dm_os_performance_counters", "sys.dm_io_virtual_file_stats", "sys.dm_os_ring_buffers", "N'Batch Requests/sec'", "RING_BUFFER_SCHEDULER_MONITOR" })
        {
            Assert.Contains(source, SqlServerCounters.Query);
        }
    }

    [Fact]
    public async Task Sql_server_row_maps_write_transactions_to_commits_and_ring_buffer_figures_to_gauges()
    {
        using var reader = Answer(
            [
                ("batch_requests", typeof(long)), ("transactions", typeof(long)), ("write_transactions", typeof(long)),
                ("num_of_reads", typeof(long)), ("num_of_writes", typeof(long)), ("num_of_bytes_read", typeof(long)),
                ("num_of_bytes_written", typeof(long)), ("io_stall_read_ms", typeof(long)), ("io_stall_write_ms", typeof(long)),
                ("sql_cpu_percent", typeof(int)), ("system_idle_percent", typeof(int)),
            ],
            [912345L, 50000L, 41000L, 1200L, 3400L, 9830400L, 27852800L, 600L, 1700L, DBNull.Value, DBNull.Value]);

        var snapshot = await SqlServerCounters.Map(reader, CancellationToken.None);

        Assert.Equal(41000, snapshot.Commits);
        Assert.Null(snapshot.Rollbacks);
        Assert.Equal(912345, snapshot.Counters["batch_requests"]);
        Assert.Equal(27852800, snapshot.Counters["num_of_bytes_written"]);
        Assert.False(snapshot.Counters.ContainsKey("write_transactions"));
        // An empty ring buffer (just after start-up) leaves the CPU figures out rather than zero.
        Assert.Empty(snapshot.Gauges);
    }

    [Fact]
    public async Task Sql_server_cpu_from_the_ring_buffer_is_a_gauge()
    {
        using var reader = Answer([("write_transactions", typeof(long)), ("sql_cpu_percent", typeof(int)), ("system_idle_percent", typeof(int))], [7L, 63, 30]);

        var snapshot = await SqlServerCounters.Map(reader, CancellationToken.None);

        Assert.Equal(63, snapshot.Gauges["sql_cpu_percent"]);
        Assert.Equal(30, snapshot.Gauges["system_idle_percent"]);
    }

    [Fact]
    public void The_oracle_query_reads_sysmetric_and_sysstat_without_a_trailing_semicolon()
    {
        var query = OracleCounters.Query;

        Assert.DoesNotContain(";", query);
        foreach (var metric in new[] { "v$sysmetric", "v$sysstat", "'Host CPU Utilization (%)'", "'Physical Reads Per Sec'", "'Physical Writes Per Sec'", "'User Commits Per Sec'", "'user commits'" })
        {
            Assert.Contains(metric, query);
        }

        Assert.Equal(query.Count(c => c == '('), query.Count(c => c == ')'));
        Assert.Equal(0, query.Count(c => c == '\'') % 2);
    }

    [Fact]
    public async Task Oracle_rows_map_sysstat_commits_to_commits_and_sysmetric_rates_to_gauges()
    {
        using var reader = Answer(
            [("NAME", typeof(string)), ("VALUE", typeof(decimal)), ("CUMULATIVE", typeof(decimal))],
            ["Host CPU Utilization (%)", 57.31m, 0m], ["Physical Reads Per Sec", 120.5m, 0m], ["Physical Writes Per Sec", 310.25m, 0m],
            ["User Commits Per Sec", 151.9m, 0m], ["user commits", 123456789m, 1m], ["user rollbacks", 4321m, 1m]);

        var snapshot = await OracleCounters.Map(reader, CancellationToken.None);

        Assert.Equal(123456789, snapshot.Commits);
        Assert.Equal(4321, snapshot.Rollbacks);
        Assert.Equal(57.31, snapshot.Gauges["Host CPU Utilization (%)"], 9);
        Assert.Equal(151.9, snapshot.Gauges["User Commits Per Sec"], 9);
        Assert.Equal(4, snapshot.Gauges.Count);
        Assert.Empty(snapshot.Counters);
    }

    [Fact]
    public async Task Mysql_status_text_values_map_to_numbers()
    {
        using var reader = Answer(
            [("Variable_name", typeof(string)), ("Value", typeof(string))],
            ["Com_commit", "5120"], ["Com_rollback", "12"], ["Innodb_data_reads", "3301"], ["Threads_running", "9"]);

        var snapshot = await MySqlCounters.Map(reader, CancellationToken.None);

        Assert.Equal(5120, snapshot.Commits);
        Assert.Equal(12, snapshot.Rollbacks);
        Assert.Equal(3301, snapshot.Counters["Innodb_data_reads"]);
        Assert.Equal(9, snapshot.Gauges["Threads_running"]);
    }

    [Theory]
    [InlineData(150004, "pg_stat_bgwriter", "pg_stat_io")]
    [InlineData(160002, "pg_stat_bgwriter", "pg_stat_checkpointer")]
    [InlineData(170002, "pg_stat_checkpointer", "pg_stat_bgwriter")]
    public void The_postgresql_query_follows_the_server_version(int version, string present, string absent)
    {
        var query = PostgreSqlCounters.Query(version);

        Assert.Contains(present, query);
        Assert.DoesNotContain(absent, query);
        Assert.Contains("pg_stat_database", query);
        Assert.Equal(version >= 160000, query.Contains("pg_stat_io", StringComparison.Ordinal));
    }

    /// <summary>The rows a counter query would return: these typed columns, these rows.</summary>
    private static DataTableReader Answer((string Name, Type Type)[] columns, params object[][] rows)
    {
        var table = new DataTable();
        foreach (var (name, type) in columns)
        {
            table.Columns.Add(name, type);
        }

        foreach (var row in rows)
        {
            table.Rows.Add(row);
        }

        return table.CreateDataReader();
    }
}
