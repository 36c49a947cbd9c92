namespace DvdStore.Tests.Trust;

/// <summary>
/// Issue 13: a DBA revokes the store user's rights in the middle of a run (PostgreSQL). Every further order would fail
/// the same way, so the users stop and the run ends fatal, naming the missing right; the orders already committed are
/// still counted against the database (the user may still read ORDERS), so the result carries a cross-check.
/// </summary>
[Collection("trust-faults")]
public sealed class RevokedRightsTests
{
    [SkippableFact]
    public async Task Rights_revoked_mid_run_stop_the_users_and_the_result_still_carries_a_cross_check()
    {
        await using var store = await TrustRuns.CreateStoreAsync(EngineKind.PostgreSql);
        var role = "dvd_rev_" + Guid.NewGuid().ToString("N")[..12];
        await using var admin = await store.Target.OpenAsync(CancellationToken.None);
        await admin.ExecuteAsync(
            $"CREATE ROLE {role} LOGIN; GRANT USAGE ON SCHEMA public TO {role}; GRANT ALL ON ALL TABLES IN SCHEMA public TO {role}; " +
            $"GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {role}; GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO {role};",
            CancellationToken.None);
        try
        {
            var limited = TrustRuns.With(store.Target, "Username", role);
            var output = new StringWriter();
            var ordersBefore = await OrderFlow.CountAsync(store.Target);
            var run = DriverRunner.RunAsync(TrustRuns.Settings(limited, TimeSpan.FromSeconds(20)), TextWriter.Synchronized(output), CancellationToken.None);
            // Revoke while orders are flowing (however slowly the run started), a second in: the driver has counted some.
            await OrderFlow.WaitAsync(store.Target, ordersBefore, run);
            await Task.Delay(TimeSpan.FromSeconds(1));

            // Reading stays allowed; calling the store's functions and writing do not.
            await admin.ExecuteAsync(
                $"REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC, {role}; REVOKE INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public FROM {role};",
                CancellationToken.None);
            var outcome = await run.WaitAsync(TimeSpan.FromSeconds(90));

            var result = outcome.Result;
            Assert.True(result.Outcome == RunOutcome.Failed, $"outcome {result.Outcome}:\n{output}");
            Assert.NotEqual(0, outcome.ExitCode);
            var fatal = Assert.Single(result.Findings, static f => f.Code == "fatal");
            Assert.Contains("permission denied", fatal.Message, StringComparison.OrdinalIgnoreCase);
            Assert.True(result.Totals.CommittedOrders > 0, output.ToString());
            Assert.NotNull(result.CrossCheck);
            Assert.True(result.CrossCheck.Matches, output.ToString());
            // The role may no longer delete its lease row: the run says so, with when the lease runs out, instead of leaving it silently.
            var held = Assert.Single(result.Findings, static f => f.Code == "lease-held");
            AssertText.ContainsAll(held.Message, "could not be released", "stays held until");
        }
        finally
        {
            await admin.ExecuteAsync("GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO PUBLIC", CancellationToken.None);
            await EndSessionsAsync(admin, role);
            await admin.ExecuteAsync($"DROP OWNED BY {role}; DROP ROLE {role};", CancellationToken.None);
        }
    }

    private static async Task EndSessionsAsync(DbConnection admin, string role)
    {
        await using var terminate = admin.Command($"SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = '{role}'");
        await terminate.ExecuteScalarAsync();
        Npgsql.NpgsqlConnection.ClearAllPools();
    }
}
