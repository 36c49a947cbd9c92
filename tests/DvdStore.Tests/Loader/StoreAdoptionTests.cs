using DvdStore.Cli;

namespace DvdStore.Tests.Loader;

/// <summary>
/// A store without our bookkeeping, as DS3's own build scripts leave one (here: one of ours with DS_STORE_INFO and
/// DS_INVENTORY_BASELINE dropped), is adopted by the first command that meets it, then run, reset to the state it
/// was adopted in, and verified.
/// </summary>
public sealed class StoreAdoptionTests
{
    private static readonly TestStore Store = TestStore.Smallest with { Seed = 5 };

    [SkippableTheory]
    [ServerEngines]
    public async Task A_store_without_bookkeeping_is_adopted_run_reset_and_verified(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        var loaded = await database.LoadAsync(Store.Load(2));
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            foreach (var table in new[] { "DS_STORE_INFO", "DS_INVENTORY_BASELINE" })
            {
                await using var drop = connection.Command($"DROP TABLE {table}");
                await drop.ExecuteNonQueryAsync();
            }

            if (kind == EngineKind.PostgreSql)
            {
                // DS3's schema lacks the two indexes reset relies on (MariaDB's foreign key needs IX_REVIEWS_CUSTID, so it stays there).
                await using var drop = connection.Command("DROP INDEX IX_REVIEWS_CUSTID; DROP INDEX IX_MEMBERSHIP_EXPIREDATE");
                await drop.ExecuteNonQueryAsync();
            }
        }

        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(
            ["run", $"--engine={EngineCatalog.NameOf(kind)}", $"--connection={target.ConnectionString}", "--db_size=1MB", "--n_threads=2",
             "--duration=3s", "--warmup=0", $"--out={Path.GetDirectoryName(TestServers.TempFile("x"))}"],
            output, error, CancellationToken.None);

        Assert.True(code == 0, $"run exit {code}: {error}\n{output}");
        Assert.Contains("adopted a store without our bookkeeping (DS3-built) as size 1MB", output.ToString(), StringComparison.Ordinal);
        if (kind == EngineKind.PostgreSql)
        {
            await using var connection = await target.OpenAsync(CancellationToken.None);
            await using var indexes = connection.Command("SELECT COUNT(*) FROM pg_indexes WHERE indexname IN ('ix_reviews_custid', 'ix_membership_expiredate')");
            Assert.Equal(2L, Convert.ToInt64(await indexes.ExecuteScalarAsync(), CultureInfo.InvariantCulture));
        }

        var reset = await StoreReset.ResetAsync(target, new ResetOptions(FullFingerprint: true), null, CancellationToken.None);
        Assert.True(reset.Deleted["ORDERS"] > 0, "the run committed orders, which reset removes");
        Assert.True(reset.Matches);
        Assert.NotNull(reset.Fingerprint);
        Assert.True(reset.Fingerprint.Matches, string.Join(", ", reset.Fingerprint.DifferingTables));
        Assert.Equal(loaded.Fingerprint.Value, reset.Fingerprint.Current.Value);
        await database.AssertVerifiesAsync();
    }

    [SkippableFact]
    public async Task A_store_shaped_as_DS3s_MySQL_build_leaves_it_is_adopted_run_reset_and_verified()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.MySql);
        var target = database.Target;
        await database.LoadAsync(Store.Load(2));
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            // DS3's MySQL shape (docs/ds3-compatibility.md, "How DS3's drivers call the store"): no bookkeeping, the helpfulness key spelt REVIEWS_HELPFULNESS_ID,
            // ZIP an INT, only the four NEW_* procedures and no re-order trigger.
            foreach (var sql in new[]
            {
                "DROP TABLE DS_STORE_INFO", "DROP TABLE DS_INVENTORY_BASELINE",
                "ALTER TABLE REVIEWS_HELPFULNESS RENAME COLUMN REVIEW_HELPFULNESS_ID TO REVIEWS_HELPFULNESS_ID",
                "ALTER TABLE CUSTOMERS MODIFY COLUMN ZIP INT", "DROP TRIGGER RESTOCK", "DROP PROCEDURE LOGIN", "DROP PROCEDURE PURCHASE",
                "DROP PROCEDURE BROWSE_BY_TITLE", "DROP PROCEDURE GET_PROD_REVIEWS_BY_ACTOR",
            })
            {
                await using var command = connection.Command(sql);
                await command.ExecuteNonQueryAsync();
            }
        }

        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(
            ["run", "--engine=mysql", $"--connection={target.ConnectionString}", "--db_size=1MB", "--n_threads=2", "--duration=3s", "--warmup=0",
             $"--out={Path.GetDirectoryName(TestServers.TempFile("x"))}"],
            output, error, CancellationToken.None);

        Assert.True(code == 0, $"run exit {code}: {error}\n{output}");
        Assert.Contains("adopted a store without our bookkeeping (DS3-built) as size 1MB", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("renamed DS3 MySQL's REVIEWS_HELPFULNESS.REVIEWS_HELPFULNESS_ID to REVIEW_HELPFULNESS_ID", output.ToString(), StringComparison.Ordinal);
        string adopted;
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            await using var columns = connection.Command(
                "SELECT GROUP_CONCAT(COLUMN_NAME ORDER BY ORDINAL_POSITION) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'REVIEWS_HELPFULNESS'");
            Assert.Equal("REVIEW_HELPFULNESS_ID,REVIEW_ID,CUSTOMERID,HELPFULNESS", Convert.ToString(await columns.ExecuteScalarAsync(), CultureInfo.InvariantCulture));
            adopted = (await StoreInfo.ReadAsync(connection, CancellationToken.None)).Get(StoreInfo.FingerprintKey)!;
        }

        var reset = await StoreReset.ResetAsync(target, new ResetOptions(FullFingerprint: true), null, CancellationToken.None);
        Assert.True(reset.Deleted["ORDERS"] > 0, "the run committed orders, which reset removes");
        Assert.True(reset.Matches);
        Assert.NotNull(reset.Fingerprint);
        Assert.True(reset.Fingerprint.Matches, string.Join(", ", reset.Fingerprint.DifferingTables));
        Assert.Equal(adopted, reset.Fingerprint.Current.Value);
        await database.AssertVerifiesAsync();
    }

    [SkippableFact]
    public async Task Reset_as_the_first_command_adopts_the_store()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        var target = database.Target;
        var loaded = await database.LoadAsync(Store.Load(2));
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            await using var drop = connection.Command("DROP TABLE DS_STORE_INFO; DROP TABLE DS_INVENTORY_BASELINE");
            await drop.ExecuteNonQueryAsync();
        }

        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(["reset", "--engine=postgres", $"--connection={target.ConnectionString}"], output, error, CancellationToken.None);

        Assert.True(code == 0, $"reset exit {code}: {error}\n{output}");
        await using var check = await target.OpenAsync(CancellationToken.None);
        var info = await StoreInfo.ReadAsync(check, CancellationToken.None);
        Assert.Equal(loaded.Fingerprint.Value, info.Get(StoreInfo.FingerprintKey));
    }

    [Theory]
    [InlineData(20_000, 10_000, "10MB")]
    [InlineData(200_000, 100_000, "100MB")]
    [InlineData(2_000_000, 100_000, "1GB")]
    [InlineData(200_000_000, 1_000_000, "100GB")]
    public void The_size_is_read_from_DS3s_customer_and_product_counts(long customers, long products, string size) =>
        Assert.Equal(size, StoreAdoption.SizeOf(customers, products).ToString());
}
