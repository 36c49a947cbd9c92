namespace DvdStore.Tests.Trust;

/// <summary>
/// Runs survive what happens to servers in real labs: a restart in the middle of a run (on a private PostgreSQL
/// server, so other test classes are not disturbed), connections killed from the server side, and statements
/// cancelled by a statement timeout. Each run still ends, counts its reconnects or errors, writes its result, and
/// the database holds exactly the orders the driver counted.
/// </summary>
[Collection("trust-faults")]
public sealed class ServerFaultTests
{
    [SkippableFact]
    public async Task A_postgresql_restart_mid_run_is_survived_and_nothing_is_lost()
    {
        await using var server = await PrivatePostgres.StartAsync();
        await using var store = await TrustRuns.CreateStoreAsync(server.Target);
        var before = await StoreLedger.ReadAsync(store.Target);
        var output = new StringWriter();
        var run = DriverRunner.RunAsync(TrustRuns.Settings(store.Target, TimeSpan.FromSeconds(6)), TextWriter.Synchronized(output), CancellationToken.None);
        await OrderFlow.WaitAsync(store.Target, before.Orders, run);
        await server.RestartAsync();
        var outcome = await run;

        var result = outcome.Result;
        Assert.True(result.Totals.Reconnects > 0, output.ToString());
        Assert.Contains(result.Findings, static f => f.Code == "reconnects");
        await AssertCompletedWrittenAndExactAsync(outcome, store.Target, before, output);
    }

    [SkippableTheory]
    [ServerEngines]
    public async Task Connections_killed_by_the_server_are_reopened_and_nothing_is_lost(EngineKind kind)
    {
        await using var store = await TrustRuns.CreateStoreAsync(kind);
        var before = await StoreLedger.ReadAsync(store.Target);
        var output = new StringWriter();
        var run = DriverRunner.RunAsync(TrustRuns.Settings(store.Target, TimeSpan.FromSeconds(5)), TextWriter.Synchronized(output), CancellationToken.None);
        await OrderFlow.WaitAsync(store.Target, before.Orders, run);
        var killed = 0;
        for (var round = 0; round < 3; round++)
        {
            await Task.Delay(TimeSpan.FromSeconds(1));
            killed += await KillOtherSessionsAsync(store.Target);
        }

        var outcome = await run;
        var result = outcome.Result;
        Assert.True(killed > 0);
        Assert.True(result.Totals.Reconnects > 0, output.ToString());
        await AssertCompletedWrittenAndExactAsync(outcome, store.Target, before, output);
    }

    /// <summary>
    /// The case: 20 users, every store session killed three times 4–5 s apart. Each killed session is replaced
    /// (none stops early), the store holds exactly the orders counted, and the engine's commit counter, blind while its
    /// own session was down, raises no engine-commits warning.
    /// </summary>
    [SkippableTheory]
    [ServerEngines]
    public async Task Twenty_users_survive_three_rounds_of_killed_sessions(EngineKind kind)
    {
        await using var store = await TrustRuns.CreateStoreAsync(kind);
        var before = await StoreLedger.ReadAsync(store.Target);
        var output = new StringWriter();
        var run = DriverRunner.RunAsync(TrustRuns.Settings(store.Target, TimeSpan.FromSeconds(18), users: 20), TextWriter.Synchronized(output), CancellationToken.None);
        await OrderFlow.WaitAsync(store.Target, before.Orders, run);
        var killed = 0;
        for (var round = 0; round < 3; round++)
        {
            await Task.Delay(TimeSpan.FromSeconds(4.5));
            killed += await KillOtherSessionsAsync(store.Target);
        }

        var outcome = await run;
        var result = outcome.Result;
        Assert.True(killed >= 2 * 20, $"killed {killed}");
        Assert.True(result.Totals.Reconnects >= 20, output.ToString());
        Assert.DoesNotContain(result.Findings, static f => f.Code is "users-stopped" or "engine-commits");
        await AssertCompletedWrittenAndExactAsync(outcome, store.Target, before, output);
    }

    [SkippableFact]
    public async Task Statements_cancelled_by_a_timeout_are_counted_as_errors_and_the_run_goes_on()
    {
        await using var store = await TrustRuns.CreateStoreAsync(EngineKind.PostgreSql);
        var before = await StoreLedger.ReadAsync(store.Target);
        var timed = TrustRuns.With(store.Target, "Options", "-c statement_timeout=200");
        var output = new StringWriter();
        var run = DriverRunner.RunAsync(TrustRuns.Settings(timed, TimeSpan.FromSeconds(5)), TextWriter.Synchronized(output), CancellationToken.None);

        // Hold every inventory row for 2 s: purchases wait on the lock until the statement timeout cancels them.
        await OrderFlow.WaitAsync(store.Target, before.Orders, run);
        await using (var blocker = await store.Target.OpenAsync(CancellationToken.None))
        {
            await using var transaction = await blocker.BeginTransactionAsync();
            await using (var command = blocker.Command("SELECT PROD_ID FROM INVENTORY FOR UPDATE", transaction))
            {
                await command.ExecuteNonQueryAsync();
            }

            await Task.Delay(TimeSpan.FromSeconds(2));
            await transaction.RollbackAsync();
        }

        var outcome = await run;
        var result = outcome.Result;
        Assert.True(result.Totals.Errors > 0, output.ToString());
        Assert.Contains(result.Findings, static f => f.Code == "errors");
        Assert.True(result.Totals.CommittedOrders > 0, output.ToString());
        await AssertCompletedWrittenAndExactAsync(outcome, store.Target, before, output);
    }

    /// <summary>The run completed, its result file reads back, and the store holds exactly the orders it counted.</summary>
    private static async Task AssertCompletedWrittenAndExactAsync(DriverRunOutcome outcome, StoreTarget target, StoreLedger before, StringWriter output)
    {
        var result = outcome.Result;
        Assert.True(result.Outcome == RunOutcome.Completed, output.ToString());
        Assert.True(result.CrossCheck!.Matches, output.ToString());
        var read = await RunResultReader.ReadAsync(outcome.ResultPath, CancellationToken.None);
        Assert.Equal(result.RunId, read.RunId);
        Assert.Equal(result.Totals.Reconnects, read.Totals.Reconnects);
        Assert.Equal(result.Totals.Errors, read.Totals.Errors);
        Assert.Contains("result: ", output.ToString(), StringComparison.Ordinal);
        await StoreLedger.AssertExactAsync(target, before, StoreLedger.OrdersHeld(result.CrossCheck));
    }

    /// <summary>Kills every other session on the store's database from the server side; returns how many.</summary>
    private static async Task<int> KillOtherSessionsAsync(StoreTarget target)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        if (target.Engine.Kind == EngineKind.PostgreSql)
        {
            await using var terminate = connection.Command(
                "SELECT COUNT(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) t");
            return Convert.ToInt32(await terminate.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
        }

        var ids = new List<long>();
        await using (var list = connection.Command("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID()"))
        await using (var reader = await list.ExecuteReaderAsync())
        {
            while (await reader.ReadAsync())
            {
                ids.Add(Convert.ToInt64(reader.GetValue(0), CultureInfo.InvariantCulture));
            }
        }

        foreach (var id in ids)
        {
            try
            {
                await connection.ExecuteAsync($"KILL CONNECTION {id}", CancellationToken.None);
            }
            catch (DbException)
            {
                // The session ended by itself in the meantime.
            }
        }

        return ids.Count;
    }
}
