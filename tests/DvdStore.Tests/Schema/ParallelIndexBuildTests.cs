using DvdStore.Schema.Engines.Oracle;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Schema.Engines.SqlServer;
using Npgsql;

namespace DvdStore.Tests.Schema;

/// <summary>
/// A load's index builds use each engine's parallel build, sized to the server (here a 64-CPU one): PostgreSQL's
/// sessions set max_parallel_maintenance_workers so a table's builds together use the CPUs; SQL Server builds each
/// index WITH (MAXDOP = 64) and Oracle with PARALLEL 64 then NOPARALLEL (one index at a time, each may take them all).
/// MariaDB has no parallel build of one index: its tables' builds run side by side (TableFinishing), which the MariaDB
/// load tests exercise. The sent text parses (SqlServerScriptTests, OracleDdlTests run these batches too).
/// </summary>
public sealed class ParallelIndexBuildTests
{
    [Theory]
    [InlineData(64, 1, 63)]
    [InlineData(64, 2, 31)]
    [InlineData(64, 3, 20)]
    [InlineData(2, 2, 0)]
    [InlineData(1, 4, 0)]
    public void PostgreSql_sessions_share_the_servers_CPUs_among_a_tables_builds(int serverCpus, int buildsAtOnce, int workers)
    {
        Assert.Equal(workers, PostgreSqlLoadFinisher.ParallelWorkers(serverCpus, buildsAtOnce));
    }

    [Fact]
    public void PostgreSql_sends_the_workers_as_a_session_setting()
    {
        using var connection = new NpgsqlConnection();

        using var command = PostgreSqlLoadFinisher.ParallelWorkersSetting(connection, PostgreSqlLoadFinisher.ParallelWorkers(64, 2));

        Assert.Equal("SELECT set_config('max_parallel_maintenance_workers', @workers, false)", command.CommandText);
        Assert.Equal("31", Assert.Single(command.Parameters.Cast<System.Data.Common.DbParameter>()).Value);
    }

    [Fact]
    public void SqlServer_builds_every_index_with_MAXDOP_of_the_servers_CPUs()
    {
        var keys = SqlServerEngine.Batches(SchemaPhase.Keys, serverCpus: 64);

        foreach (var index in StoreModel.Indexes)
        {
            var build = Assert.Single(keys, b => b.Contains($"INDEX {index.Name} ON", StringComparison.Ordinal));
            Assert.EndsWith(" WITH (MAXDOP = 64)", build, StringComparison.Ordinal);
        }

        Assert.DoesNotContain(SqlServerEngine.Batches(SchemaPhase.Keys), b => b.Contains("MAXDOP", StringComparison.Ordinal));
    }

    [Fact]
    public void Oracle_builds_every_index_with_PARALLEL_of_the_servers_CPUs_then_sets_it_back_to_NOPARALLEL()
    {
        var keys = OracleEngine.Batches(SchemaPhase.Keys, serverCpus: 64).ToList();

        foreach (var index in StoreModel.Indexes)
        {
            var name = OracleDialect.ShortName(index.Name);
            var build = keys.FindIndex(b => b.Contains($"INDEX {name} ON", StringComparison.Ordinal));
            Assert.True(build >= 0, $"no build of {name}");
            Assert.EndsWith(" PARALLEL 64", keys[build], StringComparison.Ordinal);
            Assert.Equal($"ALTER INDEX {name} NOPARALLEL", keys[build + 1]);
        }

        Assert.DoesNotContain(OracleEngine.Batches(SchemaPhase.Keys), b => b.Contains("PARALLEL", StringComparison.Ordinal));
    }
}
