using DvdStore.Cli;
using DvdStore.Contract;
using static DvdStore.Tests.Infrastructure.InProcessCli;

namespace DvdStore.Tests.Cli;

/// <summary>`dvdstore check` on the real test servers: it passes, writes a report without secrets, drops its scratch store, and goes red on the right rows.</summary>
public sealed class CheckCommandTests
{
    /// <summary>The checks that call PURCHASE: exactly these must fail when PURCHASE is gone.</summary>
    private static readonly string[] PurchaseDependents =
    [
        "Reset_identity_after_removing_a_runs_rows_gives_the_loaded_last_id_plus_one_again",
        "Purchase_writes_the_order_lines_history_and_stock",
        "Purchase_of_more_than_the_stock_returns_zero_and_leaves_no_trace",
        "Purchase_that_would_leave_stock_under_three_logs_a_reorder_and_keeps_the_stock",
        "Concurrent_purchases_of_the_same_products_never_lose_an_update_or_oversell",
        "Reset_after_a_run_returns_a_loaded_store_to_its_fingerprint",
        "Server_metrics_counters_read_and_count_commits",
    ];

    [SkippableTheory]
    [InlineData("sqlite")]
    [InlineData("postgres")]
    [InlineData("mysql")]
    public async Task Check_passes_every_row_writes_a_report_without_secrets_and_drops_its_scratch_store(string engine)
    {
        var connection = Connection(engine);
        var report = TestServers.TempFile("check.json");

        var (code, output, error) = await RunAsync("check", "--engine", engine, "--connection", connection, "--out", report);

        // Rows that prove nothing on the engine say N/A, never PASS: DS3 has no SQLite driver, and DS3's MySQL driver
        // purchases with SQL text of its own.
        var notApplicable = ContractSuite.All.Where(c => engine switch
        {
            "sqlite" => c.Name.StartsWith("DS3_driver_", StringComparison.Ordinal),
            "mysql" => c.Name == "DS3_driver_PURCHASE_returns_an_int_order_id_and_0_on_short_stock",
            _ => false,
        }).Select(c => c.Name).ToHashSet();
        var passing = ContractSuite.All.Count - notApplicable.Count;
        Assert.True(code == 0, output + error);
        Assert.Contains($"check: {passing} passed, 0 failed, {notApplicable.Count} not applicable", output, StringComparison.Ordinal);
        Assert.DoesNotContain("FAIL", output, StringComparison.Ordinal);
        foreach (var check in ContractSuite.All)
        {
            var outcome = notApplicable.Contains(check.Name) ? "N/A   " : "PASS  ";
            Assert.Contains($"{outcome}  {check.Group.PadRight(11)}  {check.Title}", output, StringComparison.Ordinal);
        }

        var json = await File.ReadAllTextAsync(report);
        var parsed = CheckReport.Read(json);
        Assert.Equal(passing, parsed.Passed);
        Assert.Equal(0, parsed.Failed);
        Assert.Equal(notApplicable.Count, parsed.NotApplicable);
        Assert.Equal(ContractSuite.All.Select(c => c.Name), parsed.Results.Select(r => r.Name));
        Assert.Equal(notApplicable.Order(), parsed.Results.Where(r => r.NotApplicable is not null).Select(r => r.Name).Order());
        if (engine == "sqlite")
        {
            Assert.All(parsed.Results.Where(r => r.Name.StartsWith("DS3_driver_", StringComparison.Ordinal)),
                r => Assert.Equal("DS3 has no SQLite driver", r.NotApplicable));
        }

        Assert.StartsWith(engine == "sqlite" ? "file " : "database dvdstore_check_", parsed.Scratch, StringComparison.Ordinal);
        var secrets = new DbConnectionStringBuilder { ConnectionString = connection };
        foreach (var key in new[] { "Password", "User ID", "Username" }.Where(secrets.ContainsKey))
        {
            Assert.DoesNotContain($"{key}=", json, StringComparison.OrdinalIgnoreCase);
            Assert.DoesNotContain((string)secrets[key], json, StringComparison.Ordinal);
        }
        // Other test classes make scratch stores at the same time: look for this run's own by name.
        var name = parsed.Scratch.Split(' ')[^1];
        Assert.Contains("dvdstore_check_", name, StringComparison.Ordinal);
        Assert.DoesNotContain(await ScratchStoresAsync(engine, connection), s => name.Contains(s, StringComparison.Ordinal));
        Assert.Empty(Directory.EnumerateFiles(Path.GetDirectoryName(report)!, "*.tmp"));
    }

    [SkippableTheory]
    [InlineData(EngineKind.PostgreSql, "DROP FUNCTION PURCHASE")]
    [InlineData(EngineKind.MySql, "DROP PROCEDURE PURCHASE")]
    public async Task With_purchase_dropped_exactly_the_checks_that_call_it_fail_as_a_missing_object(EngineKind kind, string drop)
    {
        var results = await RunSabotagedAsync(kind, drop);

        // DS3's PostgreSQL driver calls PURCHASE too; its MySQL driver purchases with SQL text of its own.
        var expected = kind == EngineKind.PostgreSql ? [.. PurchaseDependents, "DS3_driver_PURCHASE_returns_an_int_order_id_and_0_on_short_stock"] : PurchaseDependents;
        Assert.Equal(expected.Order(), results.Where(r => !r.Passed).Select(r => r.Name).Order());
        Assert.All(results.Where(r => !r.Passed), r => Assert.StartsWith("MissingObject: ", r.Failure, StringComparison.Ordinal));
    }

    [SkippableFact]
    public async Task With_a_DS3_parameter_renamed_on_postgres_exactly_the_DS3_driver_row_fails_and_our_own_calls_pass()
    {
        // Same function, same body, but title_in is now title_text: our positional calls still work, DS3's named call does not.
        const string rename = """
            DROP FUNCTION BROWSE_BY_TITLE(INTEGER, TEXT);
            CREATE FUNCTION BROWSE_BY_TITLE(batch_size_in INTEGER, title_text TEXT) RETURNS SETOF PRODUCTS LANGUAGE sql STABLE AS
            $$ SELECT * FROM PRODUCTS WHERE to_tsvector('simple', TITLE) @@ plainto_tsquery('simple', title_text) LIMIT batch_size_in $$
            """;
        var results = await RunSabotagedAsync(EngineKind.PostgreSql, rename);

        var failed = Assert.Single(results, r => !r.Passed);
        Assert.Equal("DS3_driver_BROWSE_BY_TITLE_rows_read_with_DS3s_getters", failed.Name);
        Assert.Contains("title_in", failed.Failure, StringComparison.Ordinal);
        using var output = new StringWriter();
        new DvdStore.Cli.Commands.CheckTable(output, ContractSuite.All).WriteRow(failed);
        Assert.StartsWith("FAIL    Ds3Driver    DS3 driver BROWSE BY TITLE rows read with DS3s getters", output.ToString(), StringComparison.Ordinal);
    }

    [SkippableFact]
    public async Task With_a_DS3_parameter_renamed_on_mysql_the_DS3_driver_NEW_CUSTOMER_row_fails_naming_it()
    {
        var results = await RunSabotagedAsync(EngineKind.MySql, "RENAME NEW_CUSTOMER zip_in");

        var failed = Assert.Single(results, r => r.Name == "DS3_driver_NEW_CUSTOMER_returns_the_new_id_then_0_for_a_taken_name");
        Assert.False(failed.Passed);
        Assert.Contains("zip_in", failed.Failure, StringComparison.Ordinal);
        Assert.True(results.Single(r => r.Name == "DS3_driver_BROWSE_BY_TITLE_rows_read_with_DS3s_getters").Passed);
    }

    [SkippableTheory]
    [InlineData("GET_PROD_REVIEWS_BY_STARS", "stars_in", "DS3_driver_GET_PROD_REVIEWS_BY_STARS_rows_read_with_DS3s_getters")]
    [InlineData("NEW_MEMBER", "membershiplevel_in", "DS3_driver_NEW_MEMBER_returns_the_customer_id_then_0_for_a_member")]
    public async Task With_a_DS3_parameter_renamed_on_postgres_exactly_that_routines_DS3_row_fails_naming_it(string routine, string parameter, string check)
    {
        var results = await RunSabotagedAsync(EngineKind.PostgreSql, $"RENAME {routine} {parameter}");

        // Our own calls are positional, so only DS3's named-notation call of that one routine breaks.
        var failed = Assert.Single(results, r => !r.Passed);
        Assert.Equal(check, failed.Name);
        Assert.Contains(parameter, failed.Failure, StringComparison.Ordinal);
    }

    [SkippableFact]
    public async Task With_a_DS3_OUT_parameter_renamed_on_mysql_exactly_the_DS3_NEW_REVIEW_HELPFULNESS_row_of_the_DS3_rows_fails_naming_it()
    {
        // The DS3 rows and our review rows only: a whole MariaDB suite is slow here.
        var checks = ContractSuite.All.Where(c => c.Group is "Ds3Driver" or "Review").ToArray();
        var results = await RunSabotagedAsync(EngineKind.MySql, "RENAME NEW_REVIEW_HELPFULNESS review_helpfulness_id_out", checks);

        var failed = Assert.Single(results, r => !r.Passed && r.Name.StartsWith("DS3_driver_", StringComparison.Ordinal));
        Assert.Equal("DS3_driver_NEW_REVIEW_HELPFULNESS_returns_the_new_rating_id", failed.Name);
        Assert.Contains("review_helpfulness_id_out", failed.Failure, StringComparison.Ordinal);
        Assert.Equal(checks.Length, results.Count);
    }

    [SkippableFact]
    public async Task With_the_reorder_trigger_dropped_on_sqlite_exactly_the_reorder_check_fails_and_its_row_is_red()
    {
        var results = await RunSabotagedAsync(EngineKind.Sqlite, "DROP TRIGGER RESTOCK");

        var failed = Assert.Single(results, r => !r.Passed);
        Assert.Equal("Purchase_that_would_leave_stock_under_three_logs_a_reorder_and_keeps_the_stock", failed.Name);
        using var output = new StringWriter();
        new DvdStore.Cli.Commands.CheckTable(output, ContractSuite.All).WriteRow(failed);
        Assert.StartsWith("FAIL    Purchase     Purchase that would leave stock under three logs a reorder and keeps the stock", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("expected (4, 2), got (2, 2)", output.ToString(), StringComparison.Ordinal);
    }

    [SkippableFact]
    public async Task A_postgres_role_without_createdb_is_refused_in_one_line_naming_the_right()
    {
        var role = "dvdstore_nocreatedb_" + Guid.NewGuid().ToString("N")[..8];
        var connection = new Npgsql.NpgsqlConnectionStringBuilder(TestServers.PostgreSql) { Username = role }.ConnectionString;

        var (code, output, error) = await CheckAsNewLoginAsync(EngineKind.PostgreSql, connection, $"CREATE ROLE {role} LOGIN NOCREATEDB", $"DROP ROLE {role}");

        Assert.Equal(2, code);
        Assert.Empty(output);
        Assert.Equal($"error: role {role} may not create databases", error.Split(',')[0]);
        AssertUserError.OneLineOutput(error, $"ALTER ROLE {role} CREATEDB");
    }

    [SkippableFact]
    public async Task A_mysql_user_that_may_not_create_databases_is_refused_in_one_line_naming_the_grant()
    {
        var user = "dvdstore_nocreate_" + Guid.NewGuid().ToString("N")[..6];
        var connection = new MySqlConnector.MySqlConnectionStringBuilder(TestServers.MySql) { UserID = user, Password = "secret-pw", Database = "" }.ConnectionString;

        var (code, output, error) = await CheckAsNewLoginAsync(EngineKind.MySql, connection, $"CREATE USER '{user}'@'%' IDENTIFIED BY 'secret-pw'", $"DROP USER '{user}'@'%'");

        Assert.Equal(2, code);
        Assert.Empty(output);
        AssertUserError.OneLineOutput(error, "may not create databases", "GRANT ALL PRIVILEGES ON `dvdstore\\_check\\_%`.*");
        Assert.DoesNotContain("secret-pw", error, StringComparison.Ordinal);
    }

    /// <summary>Runs `check` as a login the test server's admin creates for it (with too few rights) and drops afterwards.</summary>
    private static async Task<(int Code, string Output, string Error)> CheckAsNewLoginAsync(EngineKind kind, string connection, string createLogin, string dropLogin)
    {
        var admin = Connection(EngineCatalog.NameOf(kind));
        await ExecuteAsync(kind, admin, createLogin);
        try
        {
            return await RunAsync("check", "--engine", EngineCatalog.NameOf(kind), "--connection", connection, "--out", TestServers.TempFile("check.json"));
        }
        finally
        {
            // The login's pooled connections go first: a server refuses to drop a login that is still connected.
            Npgsql.NpgsqlConnection.ClearAllPools();
            MySqlConnector.MySqlConnection.ClearAllPools();
            await ExecuteAsync(kind, admin, dropLogin);
        }
    }

    private static async Task<IReadOnlyList<ContractResult>> RunSabotagedAsync(EngineKind kind, string drop, IReadOnlyList<ContractCheck>? checks = null)
    {
        var space = EngineCatalog.Get(kind).Profile.NewScratchSpace();
        var scratch = await space.CreateAsync(Connection(EngineCatalog.NameOf(kind)), CancellationToken.None);
        try
        {
            var session = new ContractSession(EngineCatalog.Get(kind), scratch.ConnectionString)
            {
                AfterBuild = (connection, cancellationToken) => drop.Split(' ') is ["RENAME", var routine, var parameter]
                    ? RenameParameterAsync(kind, connection, routine, parameter, cancellationToken)
                    : connection.ExecuteAsync(drop, cancellationToken),
            };
            return await ContractRunner.RunAsync(session, checks ?? ContractSuite.All, null, CancellationToken.None);
        }
        finally
        {
            await space.DropAsync(scratch, CancellationToken.None);
        }
    }

    /// <summary>
    /// Re-creates a routine with one parameter renamed (signature and body alike): the same routine under a name DS3
    /// does not send.
    /// </summary>
    private static async Task RenameParameterAsync(EngineKind kind, DbConnection connection, string routine, string parameter, CancellationToken cancellationToken)
    {
        var (show, column) = kind == EngineKind.PostgreSql
            ? ($"SELECT pg_get_functiondef('{routine}'::regproc)", 0)
            : ($"SHOW CREATE PROCEDURE {routine}", 2);
        string create;
        await using (var command = connection.Command(show))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken))
        {
            Assert.True(await reader.ReadAsync(cancellationToken));
            create = reader.GetString(column);
        }

        Assert.Contains(parameter, create, StringComparison.Ordinal);
        await connection.ExecuteAsync($"DROP {(kind == EngineKind.PostgreSql ? "FUNCTION" : "PROCEDURE")} {routine}", cancellationToken);
        await connection.ExecuteAsync(create.Replace(parameter, parameter + "_renamed", StringComparison.Ordinal), cancellationToken);
    }

    private static string Connection(string engine) => engine switch
    {
        "postgres" => TestServers.PostgreSql,
        "mysql" => TestServers.MySql,
        _ => "Data Source=unused.db",
    };

    /// <summary>The names of scratch stores on the server (none may be left behind).</summary>
    private static async Task<List<string>> ScratchStoresAsync(string engine, string connection)
    {
        var sql = engine switch
        {
            "postgres" => "SELECT datname FROM pg_database WHERE datname LIKE 'dvdstore_check_%'",
            "mysql" => "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'dvdstore_check_%'",
            _ => null,
        };
        if (sql is null)
        {
            return Directory.EnumerateDirectories(Path.GetTempPath(), "dvdstore_check_*").Select(Path.GetFileName).OfType<string>().Order().ToList();
        }

        var kind = EngineCatalog.Parse(engine).Kind;
        await using var db = EngineCatalog.Get(kind).CreateConnection(connection);
        await db.OpenAsync();
        await using var command = db.Command(sql);
        await using var reader = await command.ExecuteReaderAsync();
        var names = new List<string>();
        while (await reader.ReadAsync())
        {
            names.Add(reader.GetString(0));
        }

        return names.Order().ToList();
    }

    private static async Task ExecuteAsync(EngineKind kind, string connection, string sql)
    {
        await using DbConnection db = EngineCatalog.Get(kind).CreateConnection(connection);
        await db.OpenAsync();
        await db.ExecuteAsync(sql, CancellationToken.None);
    }
}
