namespace DvdStore.Tests.Loader;

/// <summary>
/// Loads the smallest store (1MB) on real SQLite, MariaDB and PostgreSQL: every engine and thread count gives the
/// fingerprint the generators alone give; verify passes; a store changed by purchases and new customers, members,
/// reviews and ratings is reset to that fingerprint; an existing store is refused; a cancelled load is caught by
/// verify and rebuilt by --drop-existing.
/// </summary>
public sealed class StoreLoaderTests
{
    [SkippableTheory]
    [InlineData(EngineKind.Sqlite, 1)]
    [InlineData(EngineKind.MySql, 4)]
    [InlineData(EngineKind.PostgreSql, 4)]
    [InlineData(EngineKind.PostgreSql, 1)]
    public async Task Load_gives_the_reference_fingerprint_verifies_and_reset_restores_it_after_changes(EngineKind kind, int threads)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        var report = await database.LoadAsync(TestStore.Smallest.Load(threads));

        Assert.Equal(TestStore.Smallest.Reference.Detail, report.Fingerprint.Detail);
        Assert.Equal(["tables", "load", "keys", "programmability", "identities", "baseline", "analyze"], report.Steps.Select(s => s.Step));
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            var info = await StoreInfo.ReadAsync(connection, CancellationToken.None);
            Assert.Equal(StoreInfo.Complete, info.State);
            Assert.Equal("1MB", info.Get(StoreInfo.SizeKey));
            Assert.Equal("3", info.Get(StoreInfo.SeedKey));
            Assert.Equal(2_000, info.GetLong(StoreInfo.CountKey("CUSTOMERS")));
            var comparison = await FingerprintComparison.ReadAsync(StoreReads.Single(target.Engine, connection), info, null, CancellationToken.None);
            Assert.True(comparison.Matches, string.Join(", ", comparison.DifferingTables));
            Assert.Equal(TestStore.Smallest.Reference.Value, comparison.Current.Value);
        }

        await database.AssertVerifiesAsync();
        var refused = await Assert.ThrowsAsync<UserError>(() => database.LoadAsync(TestStore.Smallest.Load(threads)));
        Assert.Contains("--drop-existing", refused.Message, StringComparison.Ordinal);

        await ChangeTheStoreAsync(target);
        var changed = await database.CompareWithLoadAsync();
        Assert.False(changed.Matches);
        Assert.Contains("ORDERS", changed.DifferingTables);
        Assert.Contains("INVENTORY", changed.DifferingTables);

        var afterRun = await database.AssertVerifiesAsync();
        Assert.All(new[] { "rows ORDERS", "rows ORDERLINES", "rows CUST_HIST" }, name =>
            Assert.Contains(afterRun.Checks, c => c.Name == name && c.Detail.Contains("added since the load", StringComparison.Ordinal)));

        var reset = await StoreReset.ResetAsync(target, new ResetOptions(FullFingerprint: true), null, CancellationToken.None);
        Assert.True(reset.Check.Matches, string.Join(", ", reset.Check.Differing));
        Assert.True(reset.Fingerprint!.Matches, string.Join(", ", reset.Fingerprint.DifferingTables));
        Assert.Equal(3, reset.Deleted["ORDERS"]);
        Assert.Equal(1, reset.Deleted["CUSTOMERS"]);
        Assert.True(reset.InventoryRestored >= 3);
        await database.AssertVerifiesAsync();

        // Identities restart right after the loaded maxima: the next order gets the loaded maximum + 1.
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            await using var commands = target.Engine.CreateStoreCommands(connection);
            var orderId = await commands.PurchaseAsync(new PurchaseRequest(5, 10m, 0.83m, 10.83m, [new CartItem(10, 1)]), CancellationToken.None);
            Assert.Equal(report.MaxIds["ORDERS"] + 1, orderId);
        }
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task A_cancelled_load_is_rejected_by_verify_and_rebuilt_with_drop_existing(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        // Stop as soon as the first table is written: some tables are full, others empty, no keys, no marker.
        await database.LoadUntilCancelledAsync(TestStore.Smallest.Load(2), p => p.Table is not null && p.Done);

        var verify = await StoreVerifier.VerifyAsync(target, CancellationToken.None);
        Assert.False(verify.Passed);
        var failure = Assert.Single(verify.Failures);
        Assert.Equal("load complete", failure.Name);
        Assert.Contains("--drop-existing", failure.Detail, StringComparison.Ordinal);
        await Assert.ThrowsAsync<UserError>(() => StoreReset.ResetAsync(target, CancellationToken.None));
        await Assert.ThrowsAsync<UserError>(() => database.LoadAsync(TestStore.Smallest.Load(2)));

        var rebuilt = await database.LoadAsync(TestStore.Smallest.Load(2) with { DropExisting = true });
        Assert.Equal(TestStore.Smallest.Reference.Value, rebuilt.Fingerprint.Value);
        await database.AssertVerifiesAsync();
    }

    [Fact]
    public void The_reference_counts_are_within_one_percent_of_ds3_for_drawn_tables()
    {
        var counts = TestStore.Smallest.Reference.Tables.ToDictionary(t => t.Table, t => t.Rows);
        Assert.InRange(counts["ORDERLINES"], 6_000 * 0.99, 6_000 * 1.01);
        Assert.Equal(counts["ORDERLINES"], counts["CUST_HIST"]);
        Assert.InRange(counts["REVIEWS_HELPFULNESS"], 410_000 * 0.99, 410_000 * 1.01);
        Assert.Equal(2_000, counts["CUSTOMERS"]);
        Assert.Equal(200, counts["MEMBERSHIP"]);
    }

    /// <summary>What a driver run does: new customer and member, purchases (one that takes a product below 3), a review and a rating.</summary>
    internal static async Task ChangeTheStoreAsync(StoreTarget target)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        await using var commands = target.Engine.CreateStoreCommands(connection);
        var customer = await commands.NewCustomerAsync(new NewCustomerRequest("ANNA", "TESTER", "1 Main St", null, "TOWN", "TX", "12345", "US", 1,
            "a@example.com", "5551234567", 1, "1234567812345678", "2030/01", "loader-test-user", "password", 30, 40_000, "F"), CancellationToken.None);
        Assert.True(customer > 2_000);
        Assert.True(await commands.NewMemberAsync(customer, 2, CancellationToken.None) > 0);
        var lowStock = await LowStockProductAsync(target, connection);
        foreach (var items in new CartItem[][] { [new(3, 2), new(7, 1)], [new(lowStock.ProdId, lowStock.Stock - 1)], [new(42, 3)] })
        {
            var total = items.Sum(i => i.Quantity) * 10m;
            Assert.True(await commands.PurchaseAsync(new PurchaseRequest(customer, total, 0m, total, items), CancellationToken.None) > 0);
        }

        var review = await commands.NewProdReviewAsync(5, 4, customer, "loader test review", "a review written by the loader tests", CancellationToken.None);
        Assert.True(review > 20_000);
        Assert.True(await commands.NewReviewHelpfulnessAsync(review, 1, 7, CancellationToken.None) > 0);
    }

    /// <summary>A product with at least 4 in stock: buying all but one of them fires the re-order trigger.</summary>
    private static async Task<(int ProdId, int Stock)> LowStockProductAsync(StoreTarget target, System.Data.Common.DbConnection connection)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT PROD_ID, QUAN_IN_STOCK FROM INVENTORY WHERE QUAN_IN_STOCK BETWEEN 4 AND 50 AND PROD_ID > 100 ORDER BY PROD_ID";
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync(), $"no product with 4..50 in stock on {target.Engine.DisplayName}");
        return (Convert.ToInt32(reader.GetValue(0), CultureInfo.InvariantCulture), Convert.ToInt32(reader.GetValue(1), CultureInfo.InvariantCulture));
    }
}
