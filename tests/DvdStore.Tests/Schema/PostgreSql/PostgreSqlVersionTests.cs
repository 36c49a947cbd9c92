using DvdStore.Cli;
using DvdStore.Tests.Loader;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Schema.PostgreSql;

/// <summary>
/// A store's whole life on the PostgreSQL test server through `dvdstore`: load, verify, a run, reset, verify again.
/// scripts/test.sh runs this, with the contract, DS3-convention, plan-guard and `check` tests, on each PostgreSQL major
/// version 13–18 (DVDSTORE_TEST_PG_MAJOR then names the version the server must be, so a wrong server fails).
/// </summary>
public sealed class PostgreSqlVersionTests
{
    [SkippableFact]
    public async Task Load_verify_run_reset_and_verify_again_on_the_servers_version()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        var connection = database.Target.ConnectionString;
        await using (var server = await database.Target.OpenAsync(CancellationToken.None))
        await using (var version = server.Command("SELECT current_setting('server_version_num')::int / 10000"))
        {
            var major = Convert.ToInt32(await version.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
            if (Environment.GetEnvironmentVariable("DVDSTORE_TEST_PG_MAJOR") is { Length: > 0 } expected)
            {
                Assert.Equal(int.Parse(expected, CultureInfo.InvariantCulture), major);
            }
        }

        var (code, output, error) = await RunAsync("load", "--engine", "postgres", "--size", "1MB", "--connection", connection);
        Assert.True(code == 0, output + error);
        (code, output, error) = await RunAsync("verify", "--engine", "postgres", "--connection", connection);
        Assert.True(code == 0, output + error);
        Assert.Contains("store OK", output, StringComparison.Ordinal);

        var results = TestServers.TempFile("pg-version-run");
        (code, output, error) = await RunAsync(
            "run", "--engine", "postgres", "--connection", connection, "--users", "2", "--duration", "3s", "--warmup", "0", "--out", results);
        Assert.True(code == 0, output + error);
        Assert.Matches(@"n_overall=[1-9]", output);
        Assert.Contains("store: as loaded", output, StringComparison.Ordinal);

        (code, output, error) = await RunAsync("reset", "--engine", "postgres", "--connection", connection);
        Assert.True(code == 0, output + error);
        (code, output, error) = await RunAsync("verify", "--engine", "postgres", "--connection", connection);
        Assert.True(code == 0, output + error);
        Assert.Contains("store OK", output, StringComparison.Ordinal);
    }
}
