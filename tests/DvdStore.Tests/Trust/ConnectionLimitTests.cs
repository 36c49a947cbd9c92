using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>
/// A run that needs more connections than the server accepts stops before any user connects, with one line naming
/// what the server allows, what the run needs and the fix; a run that fits exactly goes through. The limit is a
/// per-role (PostgreSQL CONNECTION LIMIT) or per-account (MariaDB MAX_USER_CONNECTIONS) one of a role made for the
/// test, so the shared servers' max_connections stays untouched.
/// </summary>
public sealed class ConnectionLimitTests
{
    private const int Limit = 5;

    [SkippableTheory]
    [ServerEngines]
    public async Task A_run_needing_more_connections_than_the_server_accepts_stops_before_it_starts(EngineKind kind)
    {
        var role = "trust_capped_" + Guid.NewGuid().ToString("N")[..8];
        var store = await TrustRuns.CreateStoreAsync(kind);
        try
        {
            var capped = await CreateCappedRoleAsync(store.Target, role);
            var output = new StringWriter();

            // 10 users + the driver's 4 is more than the role's 5.
            await AssertUserError.OneLineAsync(
                () => DriverRunner.RunAsync(TrustRuns.Settings(capped, TimeSpan.FromSeconds(2), users: 10), output, CancellationToken.None),
                $"accepts {Limit} connections for this run",
                "the run needs 14 (10 users + 4 for the driver)",
                kind == EngineKind.PostgreSql ? $"raise the CONNECTION LIMIT of role {role}" : "raise max_user_connections of " + role,
                "or run fewer users");
            Assert.DoesNotContain("Controller", output.ToString(), StringComparison.Ordinal);

            // 1 user + 4 fit: the driver really holds no more than it counted.
            var (outcome, fitted) = await CompletedRun.RunAsync(TrustRuns.Settings(capped, TimeSpan.FromSeconds(2), users: Limit - ConnectionBudget.DriverConnections));
            Assert.True(outcome.Result.CrossCheck!.Matches, fitted);
            Assert.Equal(0, outcome.Result.Totals.Errors);
            // The lease's own end-of-run work (notes read, lease released) found a connection too.
            Assert.DoesNotContain(outcome.Result.Findings, static f => f.Code == "lease-held");
        }
        finally
        {
            await store.DisposeAsync();
            await DropRoleAsync(TestServers.Target(kind), role);
        }
    }

    [SkippableTheory]
    [ServerEngines]
    public async Task The_server_reports_its_connection_headroom_from_max_connections(EngineKind kind)
    {
        var target = TestServers.Target(kind);
        await using var connection = await target.OpenAsync(CancellationToken.None);
        await using var maxCommand = connection.Command(kind == EngineKind.PostgreSql ? "SELECT current_setting('max_connections')::int" : "SELECT @@GLOBAL.max_connections");
        var max = Convert.ToInt64(await maxCommand.ExecuteScalarAsync(), CultureInfo.InvariantCulture);

        var headroom = await target.Engine.ConnectionHeadroomAsync(connection, CancellationToken.None);

        // The test user is a superuser (PostgreSQL) / has no per-account limit (MariaDB): max_connections decides.
        Assert.NotNull(headroom);
        Assert.Equal("max_connections", headroom!.Setting);
        Assert.StartsWith($"max_connections {max} - ", headroom.Limit, StringComparison.Ordinal);
        Assert.InRange(headroom.Available, 1, max);
    }

    /// <summary>A login role limited to <see cref="Limit"/> connections with every right on the store; its target.</summary>
    private static async Task<StoreTarget> CreateCappedRoleAsync(StoreTarget store, string role)
    {
        await using var connection = await store.OpenAsync(CancellationToken.None);
        if (store.Engine.Kind == EngineKind.PostgreSql)
        {
            await connection.ExecuteAsync($"CREATE ROLE {role} LOGIN CONNECTION LIMIT {Limit}", CancellationToken.None);
            await connection.ExecuteAsync($"GRANT ALL ON SCHEMA public TO {role}; GRANT ALL ON ALL TABLES IN SCHEMA public TO {role}; GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {role}", CancellationToken.None);
            return TrustRuns.With(store, "Username", role);
        }

        var database = ConnectionStrings.Value(store.ConnectionString, "Database")!;
        await connection.ExecuteAsync($"CREATE USER '{role}'@'127.0.0.1' IDENTIFIED BY '{role}' WITH MAX_USER_CONNECTIONS {Limit}", CancellationToken.None);
        await connection.ExecuteAsync($"GRANT ALL ON {database}.* TO '{role}'@'127.0.0.1'", CancellationToken.None);
        return TrustRuns.With(TrustRuns.With(store, "User ID", role), "Password", role);
    }

    private static async Task DropRoleAsync(StoreTarget server, string role)
    {
        await using var connection = await server.OpenAsync(CancellationToken.None);
        await connection.ExecuteAsync(server.Engine.Kind == EngineKind.PostgreSql ? $"DROP ROLE IF EXISTS {role}" : $"DROP USER IF EXISTS '{role}'@'127.0.0.1'", CancellationToken.None);
    }
}
