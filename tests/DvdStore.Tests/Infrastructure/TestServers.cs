namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// The real servers tests talk to. scripts/test.sh starts PostgreSQL and MariaDB and sets the variables;
/// there (and in CI) a missing server fails the test. Elsewhere, tests that need one are skipped with the reason.
/// </summary>
public static class TestServers
{
    public const string PostgresVariable = "DVDSTORE_TEST_POSTGRES";
    public const string MySqlVariable = "DVDSTORE_TEST_MYSQL";

    /// <summary>True in CI (scripts/test.sh, CI=true): a test that cannot run here fails instead of skipping.</summary>
    public static readonly bool Required =
        Environment.GetEnvironmentVariable("DVDSTORE_TEST_REQUIRE_SERVERS") == "1"
        || string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// Skips when <paramref name="condition"/> holds because of this machine (no Linux, one CPU, no permission), except
    /// in CI, where the environment is set up for the test and a test that cannot run is a failure.
    /// </summary>
    public static void SkipIfEnvironment(bool condition, string reason)
    {
        if (!condition)
        {
            return;
        }

        if (Required)
        {
            throw new InvalidOperationException($"{reason} (in CI this test must run: DVDSTORE_TEST_REQUIRE_SERVERS=1 or CI=true)");
        }

        throw new Xunit.SkipException(reason);
    }

    /// <summary>PostgreSQL connection string; skips (or fails when servers are required) if none is configured.</summary>
    public static string PostgreSql => Get(PostgresVariable, "PostgreSQL");

    /// <summary>MariaDB/MySQL connection string; skips (or fails when servers are required) if none is configured.</summary>
    public static string MySql => Get(MySqlVariable, "MariaDB");

    /// <summary>A target for an engine on its test server (SQLite: a new file in a fresh temp folder).</summary>
    public static StoreTarget Target(EngineKind kind) => kind switch
    {
        EngineKind.Sqlite => new StoreTarget(EngineCatalog.Get(kind), $"Data Source={TempFile("store.db")}"),
        EngineKind.PostgreSql => new StoreTarget(EngineCatalog.Get(kind), PostgreSql),
        EngineKind.MySql => new StoreTarget(EngineCatalog.Get(kind), MySql),
        _ => throw new ArgumentOutOfRangeException(nameof(kind), kind, "no test server for this engine"),
    };

    /// <summary>A path in a new folder inside the run's temp folder (removed when the run ends: <see cref="SuiteTempFolder"/>).</summary>
    public static string TempFile(string name)
    {
        var dir = Path.Combine(SuiteTempFolder.Current, Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        return Path.Combine(dir, name);
    }

    private static string Get(string variable, string server)
    {
        var value = Environment.GetEnvironmentVariable(variable);
        if (!string.IsNullOrWhiteSpace(value))
        {
            return value;
        }

        var reason = $"no {server} test server: {variable} is not set (scripts/test.sh starts one and sets it)";
        if (Required)
        {
            throw new InvalidOperationException(reason);
        }

        throw new Xunit.SkipException(reason);
    }
}
