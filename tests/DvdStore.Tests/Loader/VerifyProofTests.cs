namespace DvdStore.Tests.Loader;

/// <summary>
/// verify's uniqueness and orphan checks against the server's own constraints, on real SQLite, MariaDB and
/// PostgreSQL: what the catalog proves (a valid primary key; on PostgreSQL a validated foreign key) is reported as
/// proven, naming the constraint, and not counted, and --full counts it; once the constraint is gone (dropped, or
/// re-added NOT VALID) a planted duplicate or orphan fails verify. Each check that ran says how long it took.
/// </summary>
public sealed class VerifyProofTests
{
    private const string Unique = "unique INVENTORY.PROD_ID", Orphans = "every order line has its order";

    [SkippableTheory]
    [EveryTestEngine]
    public async Task Checks_the_servers_constraints_prove_are_reported_as_proven_and_full_counts_them(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        await database.LoadAsync(TestStore.Smallest.Load(2));

        var proven = await VerifyAsync(database.Target, full: false);
        Assert.True(proven.Passed, string.Join("; ", proven.Failures.Select(f => $"{f.Name}: {f.Detail}")));
        var unique = proven.Checks.Single(c => c.Name == Unique);
        Assert.Contains("INVENTORY", unique.ProvenBy, StringComparison.OrdinalIgnoreCase);
        Assert.Null(unique.Time);
        var orphans = proven.Checks.Single(c => c.Name == Orphans);
        if (kind == EngineKind.PostgreSql)
        {
            Assert.Contains("FK_ORDERLINES_ORDERID", orphans.ProvenBy, StringComparison.OrdinalIgnoreCase);
        }
        else
        {
            // Foreign keys added or rows written with the server's checks off leave no trace in these catalogs.
            Assert.Null(orphans.ProvenBy);
            Assert.NotNull(orphans.Time);
        }

        var full = await VerifyAsync(database.Target, full: true);
        Assert.True(full.Passed);
        Assert.Equal(proven.Checks.Select(c => c.Name), full.Checks.Select(c => c.Name));
        Assert.All(full.Checks, c => Assert.Null(c.ProvenBy));
        Assert.NotNull(full.Checks.Single(c => c.Name == Unique).Time);
        Assert.NotNull(full.Checks.Single(c => c.Name == Orphans).Time);
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_duplicate_or_orphan_no_constraint_proves_against_fails_verify(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        await database.LoadAsync(TestStore.Smallest.Load(2));
        await using (var connection = await database.Target.OpenAsync(CancellationToken.None))
        {
            foreach (var statement in Damage(kind))
            {
                await connection.ExecuteAsync(statement, CancellationToken.None);
            }
        }

        var report = await VerifyAsync(database.Target, full: false);
        var failed = report.Failures.Select(f => f.Name).ToList();
        Assert.Contains(Orphans, failed);
        Assert.StartsWith("1 rows", report.Checks.Single(c => c.Name == Orphans).Detail, StringComparison.Ordinal);
        if (kind != EngineKind.Sqlite)
        {
            Assert.Contains(Unique, failed);
        }
    }

    [SkippableFact]
    public async Task A_foreign_key_bypassed_by_replication_role_is_caught_only_by_full()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await database.LoadAsync(TestStore.Smallest.Load(2));
        await using (var connection = await database.Target.OpenAsync(CancellationToken.None))
        {
            // Replication sessions skip foreign-key triggers: the catalog still calls the key validated.
            await connection.ExecuteAsync("SET session_replication_role = replica", CancellationToken.None);
            await connection.ExecuteAsync(OrphanLine, CancellationToken.None);
            await connection.ExecuteAsync("SET session_replication_role = origin", CancellationToken.None);
        }

        var proven = await VerifyAsync(database.Target, full: false);
        Assert.NotNull(proven.Checks.Single(c => c.Name == Orphans).ProvenBy);
        var full = await VerifyAsync(database.Target, full: true);
        Assert.Contains(Orphans, full.Failures.Select(f => f.Name));
    }

    /// <summary>
    /// A history row above the loaded orders when no order was added is no run's: verify no longer reads CUST_HIST's
    /// every row to call it "added since the load" (the old verify did, and passed), so the table's count fails.
    /// </summary>
    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_history_row_of_an_order_no_run_added_fails_the_count(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        await database.LoadAsync(TestStore.Smallest.Load(2));
        await using (var connection = await database.Target.OpenAsync(CancellationToken.None))
        {
            await connection.ExecuteAsync("INSERT INTO CUST_HIST (CUSTOMERID, ORDERID, PROD_ID) SELECT CUSTOMERID, 900000000, PROD_ID FROM CUST_HIST WHERE ORDERID = 1", CancellationToken.None);
        }

        var report = await VerifyAsync(database.Target, full: false);
        var count = report.Checks.Single(c => c.Name == "rows CUST_HIST");
        Assert.False(count.Passed, count.Detail);
        Assert.DoesNotContain("added since the load", count.Detail, StringComparison.Ordinal);
    }

    /// <summary>An order line whose order does not exist: a copy of order 1's first line under an unused order id.</summary>
    private const string OrphanLine = "INSERT INTO ORDERLINES SELECT ORDERLINEID, 900000000, PROD_ID, QUANTITY, ORDERDATE FROM ORDERLINES WHERE ORDERID = 1 AND ORDERLINEID = 1";

    private const string DuplicateInventory = "INSERT INTO INVENTORY SELECT * FROM INVENTORY WHERE PROD_ID = 1";

    /// <summary>Takes away what proves INVENTORY's key unique and order lines' orders present, then plants a duplicate and an orphan.</summary>
    private static string[] Damage(EngineKind kind) => kind switch
    {
        EngineKind.PostgreSql =>
        [
            "ALTER TABLE INVENTORY DROP CONSTRAINT PK_INVENTORY", DuplicateInventory,
            "ALTER TABLE ORDERLINES DROP CONSTRAINT FK_ORDERLINES_ORDERID", OrphanLine,
            "ALTER TABLE ORDERLINES ADD CONSTRAINT FK_ORDERLINES_ORDERID FOREIGN KEY (ORDERID) REFERENCES ORDERS (ORDERID) ON DELETE CASCADE NOT VALID",
        ],
        EngineKind.MySql => ["ALTER TABLE INVENTORY DROP PRIMARY KEY", DuplicateInventory, "SET foreign_key_checks = 0", OrphanLine, "SET foreign_key_checks = 1"],
        // SQLite cannot drop a primary key; its foreign keys bind only connections that turn them on.
        _ => ["PRAGMA foreign_keys = OFF", OrphanLine],
    };

    private static async Task<VerifyReport> VerifyAsync(StoreTarget target, bool full)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        return await StoreVerifier.VerifyAsync(new StoreReads(target.Engine, connection, target, 2), null, full, CancellationToken.None);
    }
}
