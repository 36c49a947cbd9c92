using DvdStore.Schema.Engines.MySql;
using DvdStore.Schema.Engines.PostgreSql;
using DvdStore.Tests.Infrastructure;

namespace DvdStore.Tests.Loader;

/// <summary>
/// A load warns, in one line naming the setting and how to set it, when the server's settings hold it below its plan:
/// MariaDB's innodb_autoinc_lock_mode 1 (its default, the test server's) keeps the AUTO_INCREMENT tables to one stream
/// each; PostgreSQL's max_worker_processes / max_parallel_workers (8 on the test server) cap an index build below the
/// workers the load asks for on a 64-CPU server, not on a 2-CPU one.
/// </summary>
public sealed class LoadSettingWarningsTests
{
    [Fact]
    public void The_lock_mode_that_makes_streams_take_turns_is_named_with_the_tables_and_the_fix()
    {
        var warning = MySqlEngine.AutoIncrementLockModeWarning(1);

        Assert.NotNull(warning);
        Assert.StartsWith("innodb_autoinc_lock_mode is 1:", warning, StringComparison.Ordinal);
        Assert.Contains("CUSTOMERS", warning, StringComparison.Ordinal);
        Assert.Contains("ORDERS", warning, StringComparison.Ordinal);
        Assert.Contains("innodb_autoinc_lock_mode=2", warning, StringComparison.Ordinal);
        Assert.Null(MySqlEngine.AutoIncrementLockModeWarning(2));
    }

    [Theory]
    [InlineData(63, 8, 8, true)]
    [InlineData(63, 64, 8, true)]
    [InlineData(63, 8, 64, true)]
    [InlineData(63, 64, 64, false)]
    [InlineData(7, 8, 8, false)]
    [InlineData(8, 8, 8, false)]
    [InlineData(9, 8, 8, true)]
    public void Worker_settings_below_what_a_build_asks_for_are_named(int wanted, int maxWorkerProcesses, int maxParallelWorkers, bool warned)
    {
        var warning = PostgreSqlEngine.IndexWorkerCapWarning(wanted, maxWorkerProcesses, maxParallelWorkers);

        Assert.Equal(warned, warning is not null);
        if (warning is not null)
        {
            Assert.Contains($"max_worker_processes is {maxWorkerProcesses} and max_parallel_workers {maxParallelWorkers}", warning, StringComparison.Ordinal);
            Assert.Contains($"at least {wanted}", warning, StringComparison.Ordinal);
        }
    }

    [SkippableFact]
    public async Task The_test_servers_PostgreSql_settings_cap_a_64_CPU_build_but_not_a_2_CPU_one()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await using var connection = await database.Target.OpenAsync(CancellationToken.None);

        var big = await database.Target.Engine.LoadSettingWarningsAsync(connection, 64, CancellationToken.None);
        var small = await database.Target.Engine.LoadSettingWarningsAsync(connection, 2, CancellationToken.None);

        Assert.Contains("an index build gets at most 8 parallel workers of the 63", Assert.Single(big), StringComparison.Ordinal);
        Assert.Empty(small);
    }

    [SkippableFact]
    public async Task A_load_on_the_test_MariaDb_prints_the_lock_mode_warning_before_anything_else_happens()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.MySql);

        // 10TB is refused for space before anything is written: the warning comes first.
        var (code, output, _) = await InProcessCli.RunAsync("load", "--engine", EngineCatalog.NameOf(EngineKind.MySql), "--connection", database.Target.ConnectionString, "--size", "10TB");

        Assert.Equal(2, code);
        Assert.Single(output.Split('\n'), line => line.StartsWith("warning: innodb_autoinc_lock_mode is 1:", StringComparison.Ordinal));
    }
}
