using DvdStore.Tests.Trust;

namespace DvdStore.Tests.Loader;

/// <summary>
/// Refusals that hold (issue 13): a store whose load was stopped is refused by `run` before any user starts; a store
/// held by one process (a run, a reset) is refused to a second run, a reset, a drop and a reload, until the holder
/// ends or its lease expires; two targets that are one database are refused. Real SQLite, MariaDB and PostgreSQL.
/// </summary>
public sealed class StoreGateTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(3);

    [SkippableTheory]
    [InlineData(EngineKind.Sqlite, "programmability")]
    [InlineData(EngineKind.Sqlite, "baseline")]
    [InlineData(EngineKind.MySql, "programmability")]
    [InlineData(EngineKind.PostgreSql, "baseline")]
    public async Task Run_refuses_a_store_whose_load_stopped_before_any_user_starts(EngineKind kind, string stoppedAt)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        await database.LoadUntilCancelledAsync(TestStore.Smallest.Load(2), p => p.Step == stoppedAt);

        var folder = TestServers.TempFile("results");
        var (code, output) = await CliProcess.RunAsync(Limit, "run", "--engine", EngineCatalog.NameOf(kind), "--connection", target.ConnectionString,
            "--db_size=1MB", "--users", "1", "--warmup", "0s", "--duration", "3s", "--out", folder);

        Assert.NotEqual(0, code);
        Assert.Contains("did not finish", output, StringComparison.Ordinal);
        Assert.Contains("--drop-existing", output, StringComparison.Ordinal);
        Assert.DoesNotContain("issuing Start", output, StringComparison.Ordinal);
        Assert.False(Directory.Exists(folder) && Directory.EnumerateFiles(folder, "*.json", SearchOption.AllDirectories).Any(), "a refused run wrote a result");
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_held_store_refuses_a_second_holder_a_reset_a_drop_and_a_reload_until_released_or_expired(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        await database.LoadAsync(TestStore.Smallest.Load(2));

        await using (var lease = await StoreLease.AcquireAsync(target, "test run A", TimeSpan.FromSeconds(2), CancellationToken.None))
        {
            var firstExpiry = (await ReadLeaseAsync(target)).ExpiresUtc;
            await AssertUserError.OneLineAsync(() => StoreLease.AcquireAsync(target, "test run B", null, CancellationToken.None), "in use by test run A");
            var reset = await Assert.ThrowsAsync<UserError>(() => StoreReset.ResetAsync(target, CancellationToken.None));
            Assert.Contains("in use by test run A", reset.Message, StringComparison.Ordinal);
            var reload = await Assert.ThrowsAsync<UserError>(() => database.LoadAsync(TestStore.Smallest.Load(2) with { DropExisting = true }));
            Assert.Contains("in use", reload.Message, StringComparison.Ordinal);
            await using (var connection = await target.OpenAsync(CancellationToken.None))
            {
                await Assert.ThrowsAsync<UserError>(() => StoreGate.RequireReadyForRunAsync(target, connection, CancellationToken.None));
            }

            // Renewed every heartbeat: still held after its first expiry (2 heartbeats). Waits for a renewal seen in the
            // store rather than a fixed time, so a starved machine delays the test instead of failing it.
            await WaitUntilAsync(async () => (await ReadLeaseAsync(target)).ExpiresUtc > firstExpiry);
            await WaitUntilAsync(() => Task.FromResult(DateTime.UtcNow > firstExpiry));
            Assert.False((await ReadLeaseAsync(target)).Expired);
            await Assert.ThrowsAsync<UserError>(() => StoreLease.AcquireAsync(target, "test run B", null, CancellationToken.None));
            Assert.False(lease.Lost);
        }

        // Released: everything proceeds.
        Assert.True((await StoreReset.ResetAsync(target, CancellationToken.None)).Check.Matches);

        // A holder that was killed leaves its row; once expired it is broken by the next holder.
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            await LeaseRows.WriteAsync(target, connection, DateTime.UtcNow.AddSeconds(-1), "killed run");
            await StoreGate.RequireReadyForRunAsync(target, connection, CancellationToken.None);
        }

        await using (await StoreLease.AcquireAsync(target, "test run C", null, CancellationToken.None))
        {
            await Assert.ThrowsAsync<UserError>(() => StoreLease.AcquireAsync(target, "test run D", null, CancellationToken.None));
        }
    }

    [SkippableFact]
    public async Task A_running_driver_refuses_a_second_run_a_reset_and_a_drop_through_the_cli()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.Sqlite);
        var target = database.Target;
        await database.LoadAsync(TestStore.Smallest.Load(2));
        string[] connection = ["--engine", "sqlite", "--connection", target.ConnectionString];

        using var first = CliProcess.Start(["run", .. connection, "--db_size=1MB", "--users", "2", "--warmup", "0s", "--duration", "30m", "--out", TestServers.TempFile("first")]);
        Assert.True(await first.WaitForOutputAsync("issuing Start", Limit), first.Output + first.Error);

        var (code, output) = await CliProcess.RunAsync(Limit, ["run", .. connection, "--db_size=1MB", "--users", "1", "--warmup", "0s", "--duration", "3s", "--out", TestServers.TempFile("second")]);
        Assert.NotEqual(0, code);
        Assert.Contains("is in use by dvdstore run", output, StringComparison.Ordinal);
        (code, output) = await CliProcess.RunAsync(Limit, ["reset", .. connection]);
        Assert.NotEqual(0, code);
        Assert.Contains("is in use by dvdstore run", output, StringComparison.Ordinal);
        (code, output) = await CliProcess.RunAsync(Limit, ["drop", .. connection]);
        Assert.NotEqual(0, code);
        Assert.Contains("is in use by dvdstore run", output, StringComparison.Ordinal);
        (code, output) = await CliProcess.RunAsync(Limit, ["load", "--size", "1MB", "--drop-existing", .. connection]);
        Assert.NotEqual(0, code);
        Assert.Contains("is in use by dvdstore run", output, StringComparison.Ordinal);

        await first.SignalAsync("INT");
        await first.WaitAsync(Limit);
        (code, output) = await CliProcess.RunAsync(Limit, ["reset", .. connection]);
        Assert.True(code == 0, output);
    }

    [SkippableTheory]
    [ServerEngines]
    public async Task Two_targets_that_are_one_database_are_refused(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        var builder = new DbConnectionStringBuilder { ConnectionString = target.ConnectionString };
        var hostKey = kind == EngineKind.PostgreSql ? "Host" : "Server";
        builder[hostKey] = "localhost";
        var other = new StoreTarget(target.Engine, builder.ConnectionString);

        var refused = await Assert.ThrowsAsync<UserError>(() => StoreGate.RequireDistinctDatabasesAsync([target, other], CancellationToken.None));
        Assert.Contains("are one database", refused.Message, StringComparison.Ordinal);
        // The same text twice is one database on purpose (more users on it), and two databases are two.
        await StoreGate.RequireDistinctDatabasesAsync([target, target], CancellationToken.None);
        await using var second = await LoaderDatabase.CreateAsync(kind);
        await StoreGate.RequireDistinctDatabasesAsync([target, second.Target], CancellationToken.None);
    }

    [Fact]
    public async Task One_SQLite_file_under_two_paths_is_refused()
    {
        var file = TestServers.TempFile("store.db");
        var link = Path.Combine(Path.GetDirectoryName(file)!, "link.db");
        var engine = EngineCatalog.Get(EngineKind.Sqlite);
        await using (var connection = await new StoreTarget(engine, $"Data Source={file}").OpenAsync(CancellationToken.None))
        {
            await connection.ExecuteAsync("CREATE TABLE T (X INTEGER)", CancellationToken.None);
        }

        File.CreateSymbolicLink(link, file);
        var refused = await Assert.ThrowsAsync<UserError>(() => StoreGate.RequireDistinctDatabasesAsync(
            [new StoreTarget(engine, $"Data Source={file}"), new StoreTarget(engine, $"Data Source={link}")], CancellationToken.None));
        Assert.Contains("are one database", refused.Message, StringComparison.Ordinal);
    }

    private static async Task<StoreLease.Held> ReadLeaseAsync(StoreTarget target)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        return await StoreLease.ReadAsync(target, connection, CancellationToken.None) ?? throw new InvalidOperationException("no lease row");
    }

    private static async Task WaitUntilAsync(Func<Task<bool>> condition)
    {
        var until = DateTime.UtcNow + Limit;
        while (!await condition())
        {
            Assert.True(DateTime.UtcNow < until, $"the lease did not change within {Limit.TotalMinutes:0} minutes");
            await Task.Delay(100);
        }
    }
}
