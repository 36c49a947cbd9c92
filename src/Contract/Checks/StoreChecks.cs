using System.Globalization;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Contract.Checks;

/// <summary>Building, loading, dropping and re-numbering a store; statistics and what the server says of itself.</summary>
internal static class StoreChecks
{
    public static async Task Create_builds_all_three_phases_on_an_empty_database(ContractSession session, CancellationToken cancellationToken)
    {
        await using var db = await session.OpenAsync(cancellationToken);
        await session.Engine.DropAsync(db, cancellationToken);
        Expect.False(await session.Engine.StoreExistsAsync(db, cancellationToken));

        await session.Engine.CreateAsync(db, SchemaPhase.Tables, cancellationToken);
        Expect.True(await session.Engine.StoreExistsAsync(db, cancellationToken));
        foreach (var table in StoreModel.Tables.Where(t => t != StoreModel.Categories))
        {
            Expect.Equal(0, await CountAsync(db, $"SELECT COUNT(*) FROM {table.Name}"));
        }

        Expect.Equal(16, await CountAsync(db, "SELECT COUNT(*) FROM CATEGORIES"));
        var sciFi = session.Engine.Parameter("id");
        Expect.Equal(1, await CountAsync(db, $"SELECT COUNT(*) FROM CATEGORIES WHERE CATEGORY = {sciFi} AND CATEGORYNAME = 'Sci-Fi'", ("id", 14)));

        await session.Engine.CreateAsync(db, SchemaPhase.Keys, cancellationToken);
        await session.Engine.CreateAsync(db, SchemaPhase.Programmability, cancellationToken);
        await using var commands = session.Engine.CreateStoreCommands(db);
        Expect.Equal(0, (await commands.LoginAsync("user1", ContractData.Password, cancellationToken)).CustomerId);
        Expect.Empty(await commands.BrowseByActorAsync(10, "PENELOPE", cancellationToken));
    }

    public static Task Every_phase_renders_its_ddl_for_review(ContractSession session, CancellationToken cancellationToken)
    {
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            Expect.False(string.IsNullOrWhiteSpace(session.Engine.RenderDdl(phase)));
        }

        Expect.Contains("CUSTOMERS", session.Engine.RenderDdl(SchemaPhase.Tables), StringComparison.OrdinalIgnoreCase);
        Expect.Contains("IX_CUST_USERNAME", session.Engine.RenderDdl(SchemaPhase.Keys), StringComparison.OrdinalIgnoreCase);
        Expect.Contains("PURCHASE", session.Engine.RenderDdl(SchemaPhase.Programmability), StringComparison.OrdinalIgnoreCase);
        return Task.CompletedTask;
    }

    public static async Task Creating_tables_over_an_existing_store_fails_and_keeps_the_store(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.True(await store.Engine.StoreExistsAsync(store.Db, cancellationToken));

        await Expect.ThrowsAnyAsync(() => store.Engine.CreateAsync(store.Db, SchemaPhase.Tables, cancellationToken));

        Expect.Equal(ContractData.Customers.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM CUSTOMERS"));
        Expect.True(await store.Engine.StoreExistsAsync(store.Db, cancellationToken));
    }

    public static async Task Drop_removes_every_store_object_and_the_store_can_be_built_again(FreshStore store, CancellationToken cancellationToken)
    {
        await store.Engine.DropAsync(store.Db, cancellationToken);

        Expect.False(await store.Engine.StoreExistsAsync(store.Db, cancellationToken));
        foreach (var table in StoreModel.Tables)
        {
            var error = await Expect.ThrowsAnyAsync(() => CountAsync(store.Db, $"SELECT COUNT(*) FROM {table.Name}"));
            Expect.Equal(FailureKind.MissingObject, store.Engine.Classify(error));
        }

        await using (var commands = store.Engine.CreateStoreCommands(store.Db))
        {
            var error = await Expect.ThrowsAnyAsync(() => commands.LoginAsync("user1", ContractData.Password, cancellationToken));
            Expect.Equal(FailureKind.MissingObject, store.Engine.Classify(error));
        }

        await store.Engine.DropAsync(store.Db, cancellationToken);
        await store.Session.BuildStoreAsync(store.Db, cancellationToken);
        Expect.Equal(ContractData.Customers.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM CUSTOMERS"));
    }

    public static async Task Bulk_writer_round_trips_every_column_type_including_nulls(FreshStore store, CancellationToken cancellationToken)
    {
        foreach (var (table, rows) in ContractData.Tables)
        {
            var expected = rows.Select(r => Canonical(table, r)).Order(StringComparer.Ordinal).ToList();
            var actual = (await ReadTableAsync(store.Db, table)).Select(r => Canonical(table, r)).Order(StringComparer.Ordinal).ToList();
            Expect.Equal(expected, actual);
        }
    }

    public static async Task Reset_identity_after_removing_a_runs_rows_gives_the_loaded_last_id_plus_one_again(FreshStore store, CancellationToken cancellationToken)
    {
        var customers = ContractData.LastId(StoreModel.Customers);
        var orders = ContractData.LastId(StoreModel.Orders);
        var reviews = ContractData.LastId(StoreModel.Reviews);
        var ratings = ContractData.LastId(StoreModel.ReviewsHelpfulness);

        // The fixture load reset every identity to its last loaded id.
        Expect.Equal(customers + 1, await store.Commands.NewCustomerAsync(NewCustomer("newuser1"), cancellationToken));
        Expect.Equal(customers + 2, await store.Commands.NewCustomerAsync(NewCustomer("newuser2"), cancellationToken));
        Expect.Equal(orders + 1, await PurchaseOneAsync());
        Expect.Equal(reviews + 1, await store.Commands.NewProdReviewAsync(2, 4, 3, "Again", "Watched it again", cancellationToken));
        Expect.Equal(ratings + 1, await store.Commands.NewReviewHelpfulnessAsync(reviews + 1, 2, 5, cancellationToken));

        // What a cleanup does: remove the run's rows, then reset each identity to the loaded last id.
        foreach (var (table, column, last) in new[]
        {
            ("CUST_HIST", "ORDERID", orders), ("ORDERLINES", "ORDERID", orders), ("ORDERS", "ORDERID", orders),
            ("REVIEWS_HELPFULNESS", "REVIEW_HELPFULNESS_ID", ratings), ("REVIEWS", "REVIEW_ID", reviews), ("CUSTOMERS", "CUSTOMERID", customers),
        })
        {
            await using var delete = store.Db.Command($"DELETE FROM {table} WHERE {column} > {store.Engine.Parameter("last")}");
            delete.Add("last", last);
            await delete.ExecuteNonQueryAsync();
        }

        await store.Engine.ResetIdentityAsync(store.Db, StoreModel.Customers, customers, cancellationToken);
        await store.Engine.ResetIdentityAsync(store.Db, StoreModel.Orders, orders, cancellationToken);
        await store.Engine.ResetIdentityAsync(store.Db, StoreModel.Reviews, reviews, cancellationToken);
        await store.Engine.ResetIdentityAsync(store.Db, StoreModel.ReviewsHelpfulness, ratings, cancellationToken);

        Expect.Equal(customers + 1, await store.Commands.NewCustomerAsync(NewCustomer("newuser3"), cancellationToken));
        Expect.Equal(orders + 1, await PurchaseOneAsync());
        Expect.Equal(reviews + 1, await store.Commands.NewProdReviewAsync(2, 4, 3, "Again", "Watched it again", cancellationToken));
        Expect.Equal(ratings + 1, await store.Commands.NewReviewHelpfulnessAsync(reviews + 1, 2, 5, cancellationToken));

        Task<long> PurchaseOneAsync() =>
            store.Commands.PurchaseAsync(new PurchaseRequest(3, 9.99m, 0.82m, 10.81m, [new CartItem(1, 1)]), cancellationToken);
    }

    /// <summary>
    /// What verify skips on the catalog's word (<see cref="IEngine.GuaranteesAsync"/>) must hold on this server: the
    /// catalog query runs, and a key it calls proven refuses a duplicate, a reference it calls proven an orphan.
    /// </summary>
    public static async Task Keys_the_catalog_calls_proven_refuse_a_duplicate_and_an_orphan(FreshStore store, CancellationToken cancellationToken)
    {
        var proven = await store.Engine.GuaranteesAsync(store.Db, cancellationToken);
        var keys = StoreModel.Ds3Tables.Where(t => t.PrimaryKey.Count == 1).ToList();
        var unique = keys.Count(t => proven.Unique(t.Name, t.PrimaryKey[0]) is not null);
        var references = StoreModel.ForeignKeys.Count(k => proven.Reference(k.Table, k.Column, k.ReferencedTable, k.ReferencedColumn) is not null);
        store.Session.Note(string.Create(CultureInfo.InvariantCulture,
            $"the catalog proves {unique} of {keys.Count} keys unique and {references} of {StoreModel.ForeignKeys.Count} references (verify counts the rest)"));

        if (proven.Unique("INVENTORY", "PROD_ID") is not null)
        {
            await Expect.ThrowsAnyAsync(() => store.Db.ExecuteAsync("INSERT INTO INVENTORY SELECT * FROM INVENTORY WHERE PROD_ID = 1", cancellationToken));
        }

        if (proven.Reference("ORDERLINES", "ORDERID", "ORDERS", "ORDERID") is not null)
        {
            await Expect.ThrowsAnyAsync(() => store.Db.ExecuteAsync(
                "INSERT INTO ORDERLINES SELECT ORDERLINEID, 900000000, PROD_ID, QUANTITY, ORDERDATE FROM ORDERLINES WHERE ORDERID = 1 AND ORDERLINEID = 1", cancellationToken));
        }

        // What the insert would have left behind, had the server let it in.
        Expect.Equal(ContractData.Inventory.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM INVENTORY"));
        Expect.Equal(ContractData.OrderLines.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM ORDERLINES"));
    }

    public static async Task Analyze_and_describe_server_work_on_a_loaded_store(FreshStore store, CancellationToken cancellationToken)
    {
        await store.Engine.AnalyzeAsync(store.Db, cancellationToken);
        var facts = await store.Engine.DescribeServerAsync(store.Db, cancellationToken);

        Expect.False(string.IsNullOrWhiteSpace(facts.Product));
        Expect.False(string.IsNullOrWhiteSpace(facts.Version));
        Expect.NotNull(facts.Settings);
    }
}
