using MySqlConnector;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>
/// The DS3 procedures and the re-order trigger on a real MariaDB/MySQL, against the fixture's known rows; run by
/// <see cref="MySqlProcedureTests"/> (server defaults) and <see cref="MySql8StrictModeProcedureTests"/> (MySQL 8's sql_mode).
/// </summary>
public abstract class MySqlProcedureTestsBase(MySqlStoreFixture store)
{
    [SkippableFact]
    public async Task Login_returns_the_id_and_the_history_with_related_titles()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        var login = await commands.LoginAsync("user1", "password", None);

        Assert.Equal(1, login.CustomerId);
        Assert.Equal(
            [new PurchaseHistoryRow("ACADEMY ACADEMY", "PENELOPE GUINESS", "ACADEMY ACE"), new PurchaseHistoryRow("THE ABOUT", "ED CHASE", "ACADEMY ACADEMY")],
            login.History);
    }

    [SkippableFact]
    public async Task Login_of_an_unknown_user_or_a_wrong_password_returns_0()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        Assert.False((await commands.LoginAsync("nobody", "password", None)).Found);
        Assert.False((await commands.LoginAsync("user1", "wrong", None)).Found);
        Assert.False((await commands.LoginAsync("user1", "PASSWORD", None)).Found);
        Assert.Empty((await commands.LoginAsync("user1' OR '1'='1", "x' OR '1'='1", None)).History);
    }

    [SkippableFact]
    public async Task New_customer_returns_a_new_id_and_0_when_the_user_name_is_taken()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);
        var request = new NewCustomerRequest("ANNA", "O'HARA", "1 Main St", null, "AUSTIN", "TX", "00123", "US", 1, null, null,
            2, "1234567812345678", "2020/01", "newuser_" + Guid.NewGuid().ToString("N")[..8], "password", 30, 40000, "F");

        var id = await commands.NewCustomerAsync(request, None);
        var again = await commands.NewCustomerAsync(request, None);
        var login = await commands.LoginAsync(request.Username, "password", None);

        Assert.True(id > 4, $"new id {id} must follow the loaded ids");
        Assert.Equal(0, again);
        Assert.Equal(id, login.CustomerId);
        Assert.Empty(login.History);
        await using var zip = new MySqlCommand("SELECT ZIP FROM CUSTOMERS WHERE CUSTOMERID = @id", connection);
        zip.Parameters.AddWithValue("@id", id);
        Assert.Equal("00123", await zip.ExecuteScalarAsync());
    }

    [SkippableFact]
    public async Task New_member_returns_the_customer_and_0_for_a_member()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        Assert.Equal(0, await commands.NewMemberAsync(2, 1, None));
        Assert.Equal(3, await commands.NewMemberAsync(3, 2, None));
        Assert.Equal(0, await commands.NewMemberAsync(3, 2, None));
        await using var expire = new MySqlCommand("SELECT EXPIREDATE = CURRENT_DATE FROM MEMBERSHIP WHERE CUSTOMERID = 3", connection);
        Assert.Equal(1L, Convert.ToInt64(await expire.ExecuteScalarAsync()));
    }

    [SkippableFact]
    public async Task Browse_by_category_returns_only_specials()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        var rows = await commands.BrowseByCategoryAsync(10, 1, None);

        var row = Assert.Single(rows);
        Assert.Equal(new ProductRow(1, 1, "ACADEMY ACADEMY", "PENELOPE GUINESS", 10.99m, 1, 2, 0), row);
    }

    [SkippableTheory]
    [InlineData("PENELOPE GUINESS", new[] { 1 })]
    [InlineData("penelope guiness", new[] { 1 })]
    [InlineData("GUINESS   PENELOPE", new[] { 1 })]
    [InlineData("PENELOPE", new[] { 1, 2 })]
    [InlineData("WAHLBERG", new[] { 2, 4 })]
    [InlineData("GUINESS WAHLBERG", new int[0])]
    [InlineData("ED", new[] { 3 })]
    [InlineData("ED CHASE", new[] { 3 })]
    [InlineData("ED WAHLBERG", new int[0])]
    [InlineData("JOSÉ NUÑEZ", new[] { 5 })]
    [InlineData("josé", new[] { 5 })]
    [InlineData("ACADEMY", new int[0])]
    public async Task Browse_by_actor_matches_all_words_on_the_actor(string search, int[] expected)
    {
        Assert.Equal(expected, await FoundIdsAsync(c => c.BrowseByActorAsync(100, search, None)));
    }

    [SkippableTheory]
    [InlineData("ACADEMY ACE", new[] { 2 })]
    [InlineData("ACE", new[] { 2, 4 })]
    [InlineData("ACADEMY", new[] { 1, 2 })]
    [InlineData("THE ABOUT", new[] { 3 })]
    [InlineData("THE", new[] { 3 })]
    [InlineData("CAFÉ ÉCLAIR", new[] { 5 })]
    [InlineData("PENELOPE", new int[0])]
    [InlineData("ACE GUINESS", new int[0])]
    public async Task Browse_by_title_matches_all_words_on_the_title(string search, int[] expected)
    {
        Assert.Equal(expected, await FoundIdsAsync(c => c.BrowseByTitleAsync(100, search, None)));
    }

    [SkippableFact]
    public async Task Browse_respects_the_batch_size()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        Assert.Single(await commands.BrowseByActorAsync(1, "PENELOPE", None));
        Assert.Single(await commands.BrowseByTitleAsync(1, "ACADEMY", None));
    }

    [SkippableTheory]
    [InlineData("'")]
    [InlineData("''")]
    [InlineData("\"")]
    [InlineData("%")]
    [InlineData("_")]
    [InlineData("\\")]
    [InlineData("\\'")]
    [InlineData("+")]
    [InlineData("-")]
    [InlineData("*")]
    [InlineData("()")]
    [InlineData("~<>@")]
    [InlineData("")]
    [InlineData("   ")]
    [InlineData("'; DROP TABLE PRODUCTS; --")]
    [InlineData("ACADEMY' OR '1'='1")]
    [InlineData("-ACADEMY")]
    [InlineData("ACADEMY*")]
    [InlineData("\"ACADEMY ACE\" @2")]
    [InlineData("(?=.*)")]
    [InlineData("\0\t\r\n")]
    public async Task Hostile_search_text_is_data(string search)
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        var byActor = await commands.BrowseByActorAsync(100, search, None);
        var byTitle = await commands.BrowseByTitleAsync(100, search, None);
        await commands.GetProdReviewsByActorAsync(100, search, None);
        await commands.GetProdReviewsByTitleAsync(100, search, None);

        // Words still mean "all of these words": operators and quotes are only word breaks.
        var words = search.Split([' ', '\'', '"', '%', '\\', '+', '-', '*', '(', ')', '~', '<', '>', '@', '=', ';', '?', '.', '\0', '\t', '\r', '\n'], StringSplitOptions.RemoveEmptyEntries);
        Assert.All(byActor, r => Assert.All(words, w => Assert.Contains(w, r.Actor, StringComparison.OrdinalIgnoreCase)));
        Assert.All(byTitle, r => Assert.All(words, w => Assert.Contains(w, r.Title, StringComparison.OrdinalIgnoreCase)));
        if (words.Length == 0)
        {
            Assert.Empty(byActor);
            Assert.Empty(byTitle);
        }

        await using var count = new MySqlCommand("SELECT COUNT(*) FROM PRODUCTS", connection);
        Assert.Equal(13L, Convert.ToInt64(await count.ExecuteScalarAsync()));
    }

    [SkippableTheory]
    [InlineData("O'BRIEN")]
    [InlineData("100%")]
    [InlineData("+PLUS -MINUS")]
    [InlineData("\"Q\"")]
    [InlineData("_X_")]
    [InlineData("O'BRIEN 100% _X_ \\ +PLUS -MINUS \"Q\"")]
    public async Task Search_words_inside_operators_and_quotes_still_find_the_title(string search)
    {
        Assert.Equal([6], await FoundIdsAsync(c => c.BrowseByTitleAsync(100, search, None)));
    }

    [SkippableFact]
    public async Task Long_search_text_does_not_fail()
    {
        Assert.Equal([1, 2], await FoundIdsAsync(c => c.BrowseByTitleAsync(10, string.Join(' ', Enumerable.Repeat("ACADEMY", 2000)), None)));
    }

    [SkippableFact]
    public async Task Product_reviews_are_rated_reviews_most_helpful_first()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        var all = await commands.GetProdReviewsAsync(10, 1, None);
        var first = await commands.GetProdReviewsAsync(1, 1, None);
        var fiveStars = await commands.GetProdReviewsByStarsAsync(10, 1, 5, None);
        var byDate = await commands.GetProdReviewsByDateAsync(10, 1, None);

        Assert.Equal([(2L, 10L), (1L, 6L)], all.Select(r => (r.ReviewId, r.TotalHelpfulness)));
        Assert.Equal(new ReviewRow(2, 1, new DateTime(2013, 1, 1), 3, 3, "SUMMARY 2", "TEXT 2", 10), all[0]);
        Assert.Equal([2L], first.Select(r => r.ReviewId));
        Assert.Equal([1L], fiveStars.Select(r => r.ReviewId));
        Assert.Equal([1L, 2L], byDate.Select(r => r.ReviewId));
    }

    [SkippableFact]
    public async Task Reviews_by_actor_and_title_join_the_product_columns()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        var byActor = await commands.GetProdReviewsByActorAsync(10, "PENELOPE GUINESS", None);
        var byTitle = await commands.GetProdReviewsByTitleAsync(10, "THE ABOUT", None);
        var byShortWord = await commands.GetProdReviewsByActorAsync(10, "ED", None);
        var none = await commands.GetProdReviewsByTitleAsync(10, "PENELOPE", None);

        Assert.Equal([2L, 1L], byActor.Select(r => r.ReviewId));
        Assert.Equal(new ProductReviewRow(1, "ACADEMY ACADEMY", "PENELOPE GUINESS", 2, new DateTime(2013, 1, 1), 3, 3, "SUMMARY 2", "TEXT 2", 10), byActor[0]);
        Assert.Equal([(4L, 2L)], byTitle.Select(r => (r.ReviewId, r.TotalHelpfulness)));
        Assert.Equal([4L], byShortWord.Select(r => r.ReviewId));
        Assert.Empty(none);
    }

    [SkippableFact]
    public async Task New_review_and_rating_get_new_ids_and_show_in_the_reviews()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);
        var startDay = DateTime.Today; // the server's CURDATE(), on this machine's clock; midnight may pass during the test

        var reviewId = await commands.NewProdReviewAsync(4, 2, 1, "Bad 'movie' \\ ü", "It was \"bad\"; DROP TABLE REVIEWS; --", None);
        var ratingId = await commands.NewReviewHelpfulnessAsync(reviewId, 2, 7, None);
        var reviews = await commands.GetProdReviewsAsync(10, 4, None);

        Assert.True(reviewId > 4, $"review id {reviewId}");
        Assert.True(ratingId > 4, $"rating id {ratingId}");
        var review = Assert.Single(reviews);
        Assert.InRange(review.ReviewDate, startDay, DateTime.Today);
        Assert.Equal(new ReviewRow(reviewId, 4, review.ReviewDate, 2, 1, "Bad 'movie' \\ ü", "It was \"bad\"; DROP TABLE REVIEWS; --", 7), review);
    }

    [SkippableFact]
    public async Task Prices_come_back_by_product_id()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        var prices = await commands.GetPricesAsync([3, 1, 3, 999], None);

        Assert.Equal(new Dictionary<int, decimal> { [1] = 10.99m, [3] = 12.99m }, prices);
    }

    [SkippableFact]
    public async Task Purchase_takes_stock_and_writes_lines_in_request_order()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        var orderId = await commands.PurchaseAsync(new PurchaseRequest(4, 30m, 2.48m, 32.48m, [new(10, 1), new(9, 2)]), None);

        Assert.True(orderId > 1, $"order id {orderId}");
        Assert.Equal([(1L, 10L, 1L), (2L, 9L, 2L)], await RowsAsync(connection, $"SELECT ORDERLINEID, PROD_ID, QUANTITY FROM ORDERLINES WHERE ORDERID = {orderId} ORDER BY ORDERLINEID"));
        Assert.Equal([(4L, 9L, 0L), (4L, 10L, 0L)], await RowsAsync(connection, $"SELECT CUSTOMERID, PROD_ID, 0 FROM CUST_HIST WHERE ORDERID = {orderId} ORDER BY PROD_ID"));
        Assert.Equal([(9L, 48L, 2L), (10L, 49L, 1L)], await RowsAsync(connection, "SELECT PROD_ID, QUAN_IN_STOCK, SALES FROM INVENTORY WHERE PROD_ID IN (9, 10) ORDER BY PROD_ID"));
        Assert.Equal([(4L, 1L, 3248L)], await RowsAsync(connection, $"SELECT CUSTOMERID, ORDERDATE = CURRENT_DATE, TOTALAMOUNT * 100 FROM ORDERS WHERE ORDERID = {orderId}"));
    }

    [SkippableFact]
    public async Task Purchase_short_of_stock_returns_0_and_leaves_nothing()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);
        var ordersBefore = await RowsAsync(connection, "SELECT COUNT(*), COALESCE(MAX(ORDERID), 0), 0 FROM ORDERS");

        // Product 12 (stock 50) comes first in PROD_ID order and is taken before product 8 (stock 1) is short.
        var orderId = await commands.PurchaseAsync(new PurchaseRequest(4, 30m, 2.48m, 32.48m, [new(8, 3), new(12, 1)]), None);

        Assert.Equal(0, orderId);
        Assert.Equal(ordersBefore, await RowsAsync(connection, "SELECT COUNT(*), COALESCE(MAX(ORDERID), 0), 0 FROM ORDERS"));
        Assert.Equal([(8L, 1L, 0L), (12L, 50L, 0L)], await RowsAsync(connection, "SELECT PROD_ID, QUAN_IN_STOCK, SALES FROM INVENTORY WHERE PROD_ID IN (8, 12) ORDER BY PROD_ID"));
        Assert.Empty(await RowsAsync(connection, "SELECT ORDERID, PROD_ID, 0 FROM ORDERLINES WHERE PROD_ID IN (8, 12)"));
        Assert.Empty(await RowsAsync(connection, "SELECT ORDERID, PROD_ID, 0 FROM CUST_HIST WHERE PROD_ID IN (8, 12)"));
        Assert.Empty(await RowsAsync(connection, "SELECT PROD_ID, 0, 0 FROM REORDER WHERE PROD_ID IN (8, 12)"));
    }

    [SkippableFact]
    public async Task Purchase_below_3_keeps_the_stock_and_logs_a_reorder()
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);

        // Product 7: stock 2, buy 2 → would be 0. Product 11: stock 5, buy 3 → would be 2.
        var orderId = await commands.PurchaseAsync(new PurchaseRequest(3, 30m, 2.48m, 32.48m, [new(11, 3), new(7, 2)]), None);

        Assert.True(orderId > 0);
        Assert.Equal([(7L, 2L, 2L), (11L, 5L, 3L)], await RowsAsync(connection, "SELECT PROD_ID, QUAN_IN_STOCK, SALES FROM INVENTORY WHERE PROD_ID IN (7, 11) ORDER BY PROD_ID"));
        Assert.Equal([(7L, 0L, 1L), (11L, 2L, 1L)], await RowsAsync(connection, "SELECT PROD_ID, QUAN_LOW, DATE_LOW = CURRENT_DATE FROM REORDER WHERE PROD_ID IN (7, 11) ORDER BY PROD_ID"));
        Assert.Equal(2, (await RowsAsync(connection, $"SELECT ORDERLINEID, 0, 0 FROM ORDERLINES WHERE ORDERID = {orderId}")).Count);
    }

    [SkippableFact]
    public async Task Concurrent_purchases_of_the_same_products_neither_deadlock_nor_lose_updates()
    {
        const int buyers = 4, ordersEach = 10;
        async Task<int> BuyAsync(int buyer)
        {
            await using var connection = await store.OpenAsync();
            await using var commands = store.Engine.CreateStoreCommands(connection);
            var done = 0;
            for (var i = 0; i < ordersEach; i++)
            {
                // Opposite item orders on alternate buyers: only the procedure's PROD_ID ordering prevents deadlocks.
                CartItem[] items = buyer % 2 == 0 ? [new(13, 1), new(1, 1)] : [new(1, 1), new(13, 1)];
                // Customer 2 has no history that other tests read (LOGIN's test reads customer 1's).
                done += await commands.PurchaseAsync(new PurchaseRequest(2, 1m, 0m, 1m, items), None) > 0 ? 1 : 0;
            }

            return done;
        }

        await using var connection = await store.OpenAsync();
        var before = await RowsAsync(connection, "SELECT QUAN_IN_STOCK, SALES, 0 FROM INVENTORY WHERE PROD_ID = 13");
        var done = (await Task.WhenAll(Enumerable.Range(0, buyers).Select(BuyAsync))).Sum();
        var after = await RowsAsync(connection, "SELECT QUAN_IN_STOCK, SALES, 0 FROM INVENTORY WHERE PROD_ID = 13");

        Assert.Equal(buyers * ordersEach, done);
        Assert.Equal(before[0].Item1 - done, after[0].Item1);
        Assert.Equal(before[0].Item2 + done, after[0].Item2);
    }

    [SkippableFact]
    public async Task Racing_new_customers_with_one_user_name_create_exactly_one()
    {
        const int racers = 6;
        var username = "race_" + Guid.NewGuid().ToString("N")[..8];
        async Task<long> RegisterAsync()
        {
            await using var connection = await store.OpenAsync();
            await using var commands = store.Engine.CreateStoreCommands(connection);
            return await commands.NewCustomerAsync(new NewCustomerRequest("R", "R", "1 St", null, "C", null, null, "US", 1, null, null,
                1, "1", "2020/01", username, "password", null, null, null), None);
        }

        // Several pass the existence check at once; the unique index (error 1062, caught in the procedure) stops all but one.
        var ids = await Task.WhenAll(Enumerable.Range(0, racers).Select(_ => Task.Run(RegisterAsync)));

        Assert.Single(ids, id => id != 0);
        await using var connection = await store.OpenAsync();
        await using var count = new MySqlCommand("SELECT COUNT(*) FROM CUSTOMERS WHERE USERNAME = @u", connection);
        count.Parameters.AddWithValue("@u", username);
        Assert.Equal(1L, Convert.ToInt64(await count.ExecuteScalarAsync()));
    }

    /// <summary>The ids of the products a search finds, in id order, on a connection of its own.</summary>
    private async Task<IReadOnlyList<int>> FoundIdsAsync(Func<IStoreCommands, Task<IReadOnlyList<ProductRow>>> search)
    {
        await using var connection = await store.OpenAsync();
        await using var commands = store.Engine.CreateStoreCommands(connection);
        return (await search(commands)).Select(r => r.ProdId).Order().ToList();
    }

    private static async Task<List<(long, long, long)>> RowsAsync(MySqlConnection connection, string sql)
    {
        await using var command = new MySqlCommand(sql, connection);
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<(long, long, long)>();
        while (await reader.ReadAsync())
        {
            rows.Add((Convert.ToInt64(reader.GetValue(0)), Convert.ToInt64(reader.GetValue(1)), Convert.ToInt64(reader.GetValue(2))));
        }

        return rows;
    }
}
