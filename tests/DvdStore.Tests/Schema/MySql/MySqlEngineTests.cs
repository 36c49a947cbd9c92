using DvdStore.Cli;
using DvdStore.Schema.Engines.MySql;
using MySqlConnector;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>Building, dropping, bulk loading, identities, server facts and error classification on a real MariaDB/MySQL.</summary>
public sealed class MySqlEngineTests(MySqlTestDatabase database) : IClassFixture<MySqlTestDatabase>
{
    private static readonly string StoreTablesSql =
        "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND UPPER(TABLE_NAME) IN (" +
        string.Join(", ", StoreModel.Tables.Select(t => $"'{t.Name}'")) + ")";
    private readonly MySqlEngine engine = database.Engine;

    [Fact]
    public void Ddl_is_innodb_utf8mb4_with_full_text_procedures_and_trigger()
    {
        var tables = engine.RenderDdl(SchemaPhase.Tables);
        var keys = engine.RenderDdl(SchemaPhase.Keys);
        var programs = engine.RenderDdl(SchemaPhase.Programmability);

        Assert.Equal(StoreModel.Tables.Count, CountOf(tables, "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"));
        AssertText.ContainsAll(tables, "CUSTOMERID BIGINT AUTO_INCREMENT NOT NULL", "ZIP VARCHAR(9)", "PRICE DECIMAL(12,2) NOT NULL",
            "INSERT INTO CATEGORIES (CATEGORY, CATEGORYNAME) VALUES (14, 'Sci-Fi');");
        AssertText.ContainsAll(keys, "SET SESSION innodb_ft_enable_stopword = 0;", "CREATE FULLTEXT INDEX IX_PROD_ACTOR ON PRODUCTS (ACTOR);",
            "CREATE FULLTEXT INDEX IX_PROD_TITLE ON PRODUCTS (TITLE);", "CREATE UNIQUE INDEX IX_CUST_USERNAME ON CUSTOMERS (USERNAME);",
            "FOREIGN KEY (PROD_ID) REFERENCES PRODUCTS (PROD_ID) ON DELETE CASCADE");
        Assert.True(keys.IndexOf("SET SESSION foreign_key_checks = 0;", StringComparison.Ordinal) < keys.IndexOf("FOREIGN KEY", StringComparison.Ordinal));
        Assert.EndsWith("SET SESSION foreign_key_checks = 1;\n", keys);
        Assert.Contains("CREATE TRIGGER RESTOCK BEFORE UPDATE ON INVENTORY", programs);
        Assert.DoesNotMatch(@"(?im)^\s*DELIMITER\b", programs);
        Assert.Subset(MySqlEngine.ProcedureNames.ToHashSet(), Ds3ProcedureNames.All.ToHashSet());
        Assert.All(Ds3ProcedureNames.All, p => Assert.Contains($"CREATE PROCEDURE {p}(", programs));
    }

    [Theory]
    [InlineData("8.0.36", true)]
    [InlineData("8.4.3-commercial", true)]
    [InlineData("9.1.0", true)]
    [InlineData("5.7.44-log", false)]
    [InlineData("10.6.20-MariaDB", true)]
    [InlineData("10.11.19-MariaDB-0+deb12u1", true)]
    [InlineData("11.4.4-MariaDB-ubu2404", true)]
    [InlineData("10.5.27-MariaDB", false)]
    [InlineData("something else", true)]
    public void Supported_servers_are_mysql_8_and_mariadb_10_6_or_later(string version, bool supported)
    {
        var reason = MySqlEngine.UnsupportedServerReason(version);

        Assert.Equal(supported, reason is null);
        if (reason is not null)
        {
            Assert.Contains(version, reason);
            Assert.Contains(version.Contains("MariaDB") ? "MariaDB 10.6 or later" : "MySQL 8.0 or later", reason);
        }
    }

    [SkippableFact]
    public async Task Schema_command_prints_ddl_that_builds_the_store_by_hand_and_drop_removes_it()
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        Assert.Equal(0, await CliApp.RunAsync(["schema", "--engine", "mysql"], output, error, None));
        var printed = output.ToString();
        Assert.Equal("", error.ToString());
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            Assert.Contains(engine.RenderDdl(phase), printed);
        }

        // Run it as a DBA would: the plain statements, then the programs in ';;' batches (mysql --delimiter=';;').
        await using var connection = await database.OpenAsync();
        await engine.DropAsync(connection, None);
        var programs = printed.IndexOf("-- MySQL: Programmability", StringComparison.Ordinal);
        await ExecuteAsync(connection, printed[..programs]);
        foreach (var batch in printed[programs..].Split("\n;;\n"))
        {
            if (batch.Split('\n').Any(line => line.Trim().Length > 0 && !line.TrimStart().StartsWith("--", StringComparison.Ordinal)))
            {
                await ExecuteAsync(connection, batch);
            }
        }

        Assert.True(await engine.StoreExistsAsync(connection, None));
        Assert.Equal(StoreModel.Tables.Count, await ScalarAsync(connection, StoreTablesSql));
        Assert.Equal(MySqlEngine.ProcedureNames.Count, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()"));
        Assert.Equal(1L, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()"));
        Assert.Equal(2L, await ScalarAsync(connection, "SELECT COUNT(DISTINCT INDEX_NAME) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND INDEX_TYPE = 'FULLTEXT'"));
        await using (var commands = engine.CreateStoreCommands(connection))
        {
            Assert.Empty(await commands.BrowseByActorAsync(10, "NOBODY", None));
            Assert.Equal(0L, (await commands.LoginAsync("nobody", "password", None)).CustomerId);
        }

        await engine.DropAsync(connection, None);

        Assert.False(await engine.StoreExistsAsync(connection, None));
        Assert.Equal(0L, await ScalarAsync(connection, StoreTablesSql));
        Assert.Equal(0L, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()"));
        Assert.Equal(0L, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()"));
    }

    [SkippableFact]
    public async Task Drop_removes_a_half_built_store()
    {
        await using var connection = await OpenWithEmptyTablesAsync();
        // A loader stopped mid-way: some tables hold rows, keys and programs are missing.
        await ExecuteAsync(connection, "INSERT INTO INVENTORY (PROD_ID, QUAN_IN_STOCK, SALES) VALUES (1, 10, 0)");
        Assert.True(await engine.StoreExistsAsync(connection, None));

        await engine.DropAsync(connection, None);

        Assert.False(await engine.StoreExistsAsync(connection, None));
        Assert.Equal(0L, await ScalarAsync(connection, StoreTablesSql));
    }

    [Fact]
    public void Connections_allow_local_infile_unless_the_string_says_otherwise()
    {
        var added = new MySqlConnectionStringBuilder(engine.CreateConnection("Server=db;User ID=u;Database=d").ConnectionString);
        var kept = new MySqlConnectionStringBuilder(engine.CreateConnection("Server=db;User ID=u;Database=d;AllowLoadLocalInfile=false").ConnectionString);

        Assert.True(added.AllowLoadLocalInfile);
        Assert.False(kept.AllowLoadLocalInfile);
        Assert.Throws<UserError>(() => engine.CreateConnection("Server=db;NoSuchOption=1"));
    }

    [SkippableFact]
    public async Task Store_is_built_found_dropped_and_built_again()
    {
        await using var connection = await database.OpenAsync();
        await engine.DropAsync(connection, None);
        Assert.False(await engine.StoreExistsAsync(connection, None));

        foreach (var round in new[] { 1, 2 })
        {
            foreach (var phase in Enum.GetValues<SchemaPhase>())
            {
                await engine.CreateAsync(connection, phase, None);
            }

            Assert.True(await engine.StoreExistsAsync(connection, None), $"round {round}");
            Assert.Equal(16L, await ScalarAsync(connection, "SELECT COUNT(*) FROM CATEGORIES"));
            Assert.Equal(0L, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND ENGINE <> 'InnoDB'"));
            Assert.Equal(2L, await ScalarAsync(connection, "SELECT COUNT(DISTINCT INDEX_NAME) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND INDEX_TYPE = 'FULLTEXT'"));
            Assert.Equal(1L, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()"));
            Assert.Equal(MySqlEngine.ProcedureNames.Count, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()"));
            // Foreign keys were added without checking the loaded rows, but checks are back on for every later write.
            Assert.Equal(1L, await ScalarAsync(connection, "SELECT @@SESSION.foreign_key_checks"));
            Assert.Equal((long)StoreModel.ForeignKeys.Count, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()"));
            var orphan = await Assert.ThrowsAsync<MySqlException>(() => ExecuteAsync(connection, "INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID) VALUES (999, 1, 1)"));
            Assert.Equal(1452, orphan.Number);
            // The session's sql_mode is back to what it was after the procedures were created.
            Assert.Equal(await ScalarTextAsync(connection, "SELECT @@GLOBAL.sql_mode"), await ScalarTextAsync(connection, "SELECT @@SESSION.sql_mode"));

            await engine.DropAsync(connection, None);
            Assert.False(await engine.StoreExistsAsync(connection, None));
            Assert.Equal(0L, await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()"));
            await engine.DropAsync(connection, None);
        }
    }

    [SkippableFact]
    public async Task Bulk_load_round_trips_awkward_values_and_abandons_uncompleted_writes()
    {
        await using var connection = await database.OpenAsync();
        var table = await ScratchTableAsync(connection, "CUSTOMERS");
        string[] awkward = ["tab\there", "new\nline\r\n", "back\\slash\\", "quote'\"`", "ü€😀", "\\N", "NULL", "", ",;|"];
        var rows = awkward.Select((text, i) =>
        {
            var row = MySqlStoreFixture.Customer(i + 1, "u" + i);
            row[1] = text; // FIRSTNAME
            row[4] = i % 2 == 0 ? null : text; // ADDRESS2, nullable
            return row;
        }).ToArray();

        await using (var writer = await engine.OpenBulkWriterAsync(connection, table, None))
        {
            await writer.WriteAsync(rows[..4], None);
            await writer.WriteAsync(rows[4..], None);
            Assert.Equal(rows.Length, await writer.CompleteAsync(None));
        }

        await using (var abandoned = await engine.OpenBulkWriterAsync(connection, table, None))
        {
            await abandoned.WriteAsync([MySqlStoreFixture.Customer(100, "never")], None);
        }

        await using var command = new MySqlCommand($"SELECT * FROM {table.Name} ORDER BY CUSTOMERID", connection);
        await using var reader = await command.ExecuteReaderAsync();
        var read = new List<object?[]>();
        while (await reader.ReadAsync())
        {
            var values = new object?[reader.FieldCount];
            reader.GetValues(values!);
            read.Add(values.Select(v => v is DBNull ? null : v).ToArray());
        }

        Assert.Equal(rows.Length, read.Count);
        for (var i = 0; i < rows.Length; i++)
        {
            for (var c = 0; c < table.Columns.Count; c++)
            {
                Assert.Equal(rows[i][c] is null ? null : Convert.ChangeType(rows[i][c], read[i][c]!.GetType()), read[i][c]);
            }
        }
    }

    [SkippableFact]
    public async Task Bulk_load_of_dates_and_money_keeps_them_exact()
    {
        await using var connection = await database.OpenAsync();
        var table = await ScratchTableAsync(connection, "ORDERS");
        object?[][] rows = [[1L, new DateTime(2013, 12, 31), 7L, 399.99m, 33.00m, 432.99m], [2L, new DateTime(2013, 1, 1), null, 0.01m, 0m, 0.01m]];

        await using (var writer = await engine.OpenBulkWriterAsync(connection, table, None))
        {
            await writer.WriteAsync(rows, None);
            await writer.CompleteAsync(None);
        }

        Assert.Equal("2013-12-31|7|399.99|33.00|432.99;2013-01-01|-|0.01|0.00|0.01", await ScalarTextAsync(connection,
            $"SELECT GROUP_CONCAT(CONCAT_WS('|', ORDERDATE, COALESCE(CUSTOMERID, '-'), NETAMOUNT, TAX, TOTALAMOUNT) ORDER BY ORDERID SEPARATOR ';') FROM {table.Name}"));
    }

    [SkippableFact]
    public async Task Bulk_load_without_local_infile_on_the_connection_is_a_user_error()
    {
        var builder = new MySqlConnectionStringBuilder(database.ConnectionString) { AllowLoadLocalInfile = false };
        await using var created = await database.OpenAsync();
        await using var connection = engine.CreateConnection(builder.ConnectionString);
        await connection.OpenAsync();

        var error = await Assert.ThrowsAsync<UserError>(() => engine.OpenBulkWriterAsync(connection, StoreModel.Categories, None));
        Assert.Contains("AllowLoadLocalInfile=true", error.Message);
    }

    [SkippableFact]
    public async Task Reset_identity_makes_the_next_id_follow_the_given_last_id()
    {
        await using var connection = await database.OpenAsync();
        var table = await ScratchTableAsync(connection, "REVIEWS_HELPFULNESS");
        await using (var writer = await engine.OpenBulkWriterAsync(connection, table, None))
        {
            await writer.WriteAsync([[1L, 1L, 1L, (short)1], [2L, 1L, 1L, (short)1]], None);
            await writer.CompleteAsync(None);
        }

        await ExecuteAsync(connection, $"INSERT INTO {table.Name} (REVIEW_ID, CUSTOMERID, HELPFULNESS) VALUES (1, 1, 1), (1, 1, 1)");
        await ExecuteAsync(connection, $"DELETE FROM {table.Name} WHERE REVIEW_HELPFULNESS_ID > 2");
        await engine.ResetIdentityAsync(connection, table, 2, None);
        await ExecuteAsync(connection, $"INSERT INTO {table.Name} (REVIEW_ID, CUSTOMERID, HELPFULNESS) VALUES (1, 1, 1)");

        Assert.Equal(3L, await ScalarAsync(connection, $"SELECT MAX(REVIEW_HELPFULNESS_ID) FROM {table.Name}"));
        await Assert.ThrowsAsync<ArgumentException>(() => engine.ResetIdentityAsync(connection, StoreModel.CustHist, 1, None));
    }

    [SkippableFact]
    public async Task Analyze_runs_on_a_built_store()
    {
        await using var connection = await OpenWithEmptyTablesAsync();
        // Persistent statistics record when they were last computed: age them, so only the analysis can renew them.
        await ExecuteAsync(connection, "UPDATE mysql.innodb_table_stats SET last_update = '2000-01-01' WHERE database_name = DATABASE()");

        await engine.AnalyzeAsync(connection, None);

        var innoDbTables = await ScalarAsync(connection, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND ENGINE = 'InnoDB'");
        var analyzed = await ScalarAsync(connection, "SELECT COUNT(*) FROM mysql.innodb_table_stats WHERE database_name = DATABASE() AND last_update > '2000-01-01'");
        Assert.Equal((long)StoreModel.Tables.Count, innoDbTables);
        Assert.Equal(innoDbTables, analyzed);
        await engine.DropAsync(connection, None);
    }

    [SkippableFact]
    public async Task Server_facts_name_the_product_version_and_settings()
    {
        await using var connection = await database.OpenAsync();

        var facts = await engine.DescribeServerAsync(connection, None);

        Assert.Contains(facts.Product, new[] { "MySQL", "MariaDB" });
        Assert.Matches(@"^\d+\.\d+\.\d+", facts.Version);
        Assert.True(long.Parse(facts.Settings["innodb_buffer_pool_size"]) > 0);
        Assert.True(int.Parse(facts.Settings["max_connections"]) > 0);
        Assert.Contains(facts.Settings["innodb_flush_log_at_trx_commit"], new[] { "0", "1", "2" });
        Assert.True(facts.Settings.ContainsKey("innodb_ft_min_token_size"));
        if (facts.Product == "MariaDB")
        {
            Assert.True(facts.Settings.ContainsKey("thread_pool_size"));
        }
    }

    [SkippableFact]
    public async Task Missing_objects_timeouts_and_lock_waits_are_classified()
    {
        await using var connection = await database.OpenAsync();

        var noTable = await Assert.ThrowsAsync<MySqlException>(() => ExecuteAsync(connection, "SELECT * FROM NO_SUCH_TABLE"));
        var noProcedure = await Assert.ThrowsAsync<MySqlException>(() => ExecuteAsync(connection, "CALL NO_SUCH_PROCEDURE()"));
        await using var sleep = new MySqlCommand("SELECT SLEEP(10)", connection) { CommandTimeout = 1 };
        var timeout = await Assert.ThrowsAnyAsync<Exception>(() => sleep.ExecuteScalarAsync());

        Assert.Equal(FailureKind.MissingObject, engine.Classify(noTable));
        Assert.Equal(FailureKind.MissingObject, engine.Classify(noProcedure));
        Assert.Equal(FailureKind.Timeout, engine.Classify(timeout));
        Assert.Equal(FailureKind.Other, engine.Classify(new InvalidOperationException("x")));
    }

    [SkippableFact]
    public async Task Deadlocks_and_lock_wait_timeouts_are_retryable()
    {
        await using var first = await database.OpenAsync();
        await using var second = await database.OpenAsync();
        await ExecuteAsync(first, "CREATE TABLE IF NOT EXISTS LOCKS (ID INT PRIMARY KEY, V INT) ENGINE=InnoDB");
        await ExecuteAsync(first, "REPLACE INTO LOCKS VALUES (1, 0), (2, 0)");
        await ExecuteAsync(second, "SET SESSION innodb_lock_wait_timeout = 1");

        // Lock wait: the second session waits for a row the first holds.
        await using (var hold = await first.BeginTransactionAsync())
        {
            await ExecuteAsync(first, "UPDATE LOCKS SET V = V + 1 WHERE ID = 1", hold);
            var wait = await Assert.ThrowsAsync<MySqlException>(() => ExecuteAsync(second, "UPDATE LOCKS SET V = V + 1 WHERE ID = 1"));
            Assert.Equal(FailureKind.Deadlock, engine.Classify(wait));
        }

        // Deadlock: each session holds one row and asks for the other's.
        await ExecuteAsync(second, "SET SESSION innodb_lock_wait_timeout = 30");
        await using var t1 = await first.BeginTransactionAsync();
        await using var t2 = await second.BeginTransactionAsync();
        await ExecuteAsync(first, "UPDATE LOCKS SET V = V + 1 WHERE ID = 1", t1);
        await ExecuteAsync(second, "UPDATE LOCKS SET V = V + 1 WHERE ID = 2", t2);
        var firstWaits = ExecuteAsync(first, "UPDATE LOCKS SET V = V + 1 WHERE ID = 2", t1);
        await Task.Delay(200);
        var results = await Task.WhenAll(Capture(firstWaits), Capture(ExecuteAsync(second, "UPDATE LOCKS SET V = V + 1 WHERE ID = 1", t2)));

        var deadlock = Assert.Single(results, e => e is not null);
        Assert.Equal(FailureKind.Deadlock, engine.Classify(deadlock!));
    }

    [SkippableFact]
    public async Task Bad_credentials_and_unreachable_servers_are_classified_and_reported_without_the_password()
    {
        var wrongPassword = new MySqlConnectionStringBuilder(database.ConnectionString) { Password = "not-the-password-42" }.ConnectionString;
        var noServer = new MySqlConnectionStringBuilder(database.ConnectionString) { Port = 1, ConnectionTimeout = 2 }.ConnectionString;

        var auth = await Assert.ThrowsAsync<UserError>(() => new StoreTarget(engine, wrongPassword).OpenAsync(None));
        var unreachable = await Assert.ThrowsAsync<UserError>(() => new StoreTarget(engine, noServer).OpenAsync(None));

        Assert.Equal(FailureKind.Authentication, engine.Classify(auth.InnerException!));
        Assert.Equal(FailureKind.Connection, engine.Classify(unreachable.InnerException!));
        Assert.DoesNotContain("not-the-password-42", auth.Message);
        Assert.Equal(3, auth.ExitCode);
    }

    [SkippableFact]
    public async Task A_connection_without_a_database_is_a_user_error()
    {
        var noDatabase = new MySqlConnectionStringBuilder(TestServers.MySql) { Database = "" }.ConnectionString;
        await using var connection = engine.CreateConnection(noDatabase);
        await connection.OpenAsync();

        var error = await Assert.ThrowsAsync<UserError>(() => engine.CreateAsync(connection, SchemaPhase.Tables, None));
        Assert.Contains("Database=", error.Message);
    }

    /// <summary>A table shaped like a store table under its own name, so these tests do not collide with the store lifecycle test.</summary>
    /// <summary>A connection to the test database holding only the store's empty tables (what earlier tests left is dropped).</summary>
    private async Task<MySqlConnection> OpenWithEmptyTablesAsync()
    {
        var connection = await database.OpenAsync();
        await engine.DropAsync(connection, None);
        await engine.CreateAsync(connection, SchemaPhase.Tables, None);
        return connection;
    }

    private static async Task<TableSpec> ScratchTableAsync(MySqlConnection connection, string like)
    {
        var scratch = StoreModel.Table(like) with { Name = "SCRATCH_" + like };
        await ExecuteAsync(connection, $"DROP TABLE IF EXISTS {scratch.Name}");
        await ExecuteAsync(connection, new MySqlDialect().CreateTable(scratch));
        return scratch;
    }

    private static async Task<Exception?> Capture(Task task)
    {
        try
        {
            await task;
            return null;
        }
        catch (MySqlException e)
        {
            return e;
        }
    }

    private static async Task ExecuteAsync(MySqlConnection connection, string sql, MySqlTransaction? transaction = null)
    {
        await using var command = new MySqlCommand(sql, connection, transaction);
        await command.ExecuteNonQueryAsync();
    }

    private static async Task<long> ScalarAsync(MySqlConnection connection, string sql)
    {
        await using var command = new MySqlCommand(sql, connection);
        return Convert.ToInt64(await command.ExecuteScalarAsync());
    }

    private static async Task<string?> ScalarTextAsync(MySqlConnection connection, string sql)
    {
        await using var command = new MySqlCommand(sql, connection);
        return (await command.ExecuteScalarAsync())?.ToString();
    }

    private static int CountOf(string text, string part) => (text.Length - text.Replace(part, "").Length) / part.Length;
}
