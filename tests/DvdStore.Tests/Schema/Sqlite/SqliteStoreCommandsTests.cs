namespace DvdStore.Tests.Schema.Sqlite;

/// <summary>DS3's procedures as SQLite statements: results, ids, duplicates, PURCHASE, its rollback and the re-order trigger.</summary>
public class SqliteStoreCommandsTests
{
    [Fact]
    public async Task Login_returns_the_id_and_newest_history_with_related_titles()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var login = await store.Commands.LoginAsync("user1", "password", None);

        Assert.Equal(1, login.CustomerId);
        Assert.Equal(["ADAPTATION HOLES", "ACE GOLDFINGER", "ACADEMY DINOSAUR"], login.History.Select(h => h.Title));
        Assert.Equal("TOM HANKS", login.History[1].Actor);
        // Product 1's COMMON_PROD_ID is 2, the others' is 1.
        Assert.Equal(["ACADEMY DINOSAUR", "ACADEMY DINOSAUR", "ACE GOLDFINGER"], login.History.Select(h => h.RelatedTitle));
    }

    [Fact]
    public async Task Login_of_unknown_user_or_wrong_password_returns_zero()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        Assert.False((await store.Commands.LoginAsync("nobody", "password", None)).Found);
        Assert.Equal(0, (await store.Commands.LoginAsync("user1", "wrong", None)).CustomerId);
        var noHistory = await store.Commands.LoginAsync("user2", "password", None);
        Assert.Equal(2, noHistory.CustomerId);
        Assert.Empty(noHistory.History);
    }

    [Fact]
    public async Task Login_history_is_capped_at_ten_rows()
    {
        await using var store = await SqliteTestStore.CreateAsync();
        for (var i = 0; i < 5; i++)
        {
            Assert.NotEqual(0, await store.Commands.PurchaseAsync(new PurchaseRequest(1, 1, 0, 1, [new(1, 1), new(5, 1), new(6, 1)]), None));
        }

        var login = await store.Commands.LoginAsync("user1", "password", None);
        Assert.Equal(10, login.History.Count);
    }

    [Fact]
    public async Task New_customer_gets_the_next_id_and_a_taken_username_gets_zero()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var id = await store.Commands.NewCustomerAsync(Customer("newuser1"), None);
        var again = await store.Commands.NewCustomerAsync(Customer("newuser1"), None);
        var taken = await store.Commands.NewCustomerAsync(Customer("user2"), None);

        Assert.Equal(4, id); // rowid alias: max(CUSTOMERID) + 1
        Assert.Equal(0, again);
        Assert.Equal(0, taken);
        Assert.Equal(4, await store.CountAsync("CUSTOMERS"));
        Assert.Equal(4, (await store.Commands.LoginAsync("newuser1", "secret", None)).CustomerId);
        Assert.Equal("00501", await store.ScalarAsync<string>("SELECT ZIP FROM CUSTOMERS WHERE CUSTOMERID = 4"));
    }

    [Fact]
    public async Task New_member_returns_the_customer_once_then_zero()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        Assert.Equal(2, await store.Commands.NewMemberAsync(2, 3, None));
        Assert.Equal(0, await store.Commands.NewMemberAsync(2, 1, None));
        Assert.Equal(3L, await store.ScalarAsync<long>("SELECT MEMBERSHIPTYPE FROM MEMBERSHIP WHERE CUSTOMERID = 2"));
        await store.AssertWrittenDuringTheTestAsync("SELECT EXPIREDATE FROM MEMBERSHIP WHERE CUSTOMERID = 2");
    }

    [Fact]
    public async Task Browse_by_category_returns_specials_of_the_category_up_to_the_batch()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var all = await store.Commands.BrowseByCategoryAsync(10, 1, None);
        var one = await store.Commands.BrowseByCategoryAsync(1, 1, None);

        Assert.Equal([1, 2, 4], all.Select(p => p.ProdId).Order());
        Assert.Single(one);
        var product = all.Single(p => p.ProdId == 2);
        Assert.Equal(new ProductRow(2, 1, "ACE GOLDFINGER", "TOM HANKS", 11.99m, 1, 1, 0), product);
        Assert.Empty(await store.Commands.BrowseByCategoryAsync(10, 2, None)); // product 3 is not a special
    }

    [Fact]
    public async Task Product_reviews_come_rated_only_most_helpful_first_or_newest_first()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var byHelp = await store.Commands.GetProdReviewsAsync(10, 1, None);
        var byDate = await store.Commands.GetProdReviewsByDateAsync(10, 1, None);
        var byStars = await store.Commands.GetProdReviewsByStarsAsync(10, 1, 4, None);
        var top = await store.Commands.GetProdReviewsAsync(1, 1, None);

        Assert.Equal([2L, 4L, 1L], byHelp.Select(r => r.ReviewId));
        Assert.Equal([5L, 3L, 2L], byHelp.Select(r => r.TotalHelpfulness));
        Assert.Equal([2L, 4L, 1L], byDate.Select(r => r.ReviewId));
        Assert.Equal(new DateTime(2013, 3, 3), byDate[0].ReviewDate);
        Assert.Equal([2L, 1L], byStars.Select(r => r.ReviewId));
        Assert.Equal(new ReviewRow(2, 1, new DateTime(2013, 3, 3), 4, 2, "GREAT", "A great film", 5), Assert.Single(top));
    }

    [Fact]
    public async Task Reviews_by_actor_and_title_join_products_to_rated_reviews()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var byActor = await store.Commands.GetProdReviewsByActorAsync(10, "hanks", None);
        var byTitle = await store.Commands.GetProdReviewsByTitleAsync(10, "DINOSAUR", None);

        var row = Assert.Single(byActor);
        Assert.Equal(new ProductReviewRow(2, "ACE GOLDFINGER", "TOM HANKS", 5, new DateTime(2013, 3, 1), 1, 1, "BAD", "Tom Hanks film review", 2), row);
        Assert.Equal([2L, 4L, 1L], byTitle.Select(r => r.ReviewId));
        Assert.Single(await store.Commands.GetProdReviewsByTitleAsync(1, "DINOSAUR", None));
        Assert.Empty(await store.Commands.GetProdReviewsByTitleAsync(10, "HANKS", None)); // title really searches TITLE
    }

    [Fact]
    public async Task New_review_and_rating_get_new_ids_and_show_in_reviews()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var reviewId = await store.Commands.NewProdReviewAsync(3, 2, 2, "MEH", "It's \"fine\"; 100% ok", None);
        var ratingId = await store.Commands.NewReviewHelpfulnessAsync(reviewId, 1, 7, None);

        Assert.Equal(6, reviewId);
        Assert.Equal(6, ratingId);
        var review = Assert.Single(await store.Commands.GetProdReviewsAsync(10, 3, None));
        Assert.Equal("It's \"fine\"; 100% ok", review.Text);
        Assert.Equal(7, review.TotalHelpfulness);
        Assert.InRange(review.ReviewDate, store.CreatedUtc.Date, DateTime.UtcNow.Date);
    }

    [Fact]
    public async Task Prices_come_back_for_known_ids_in_batches_of_any_size()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var ids = Enumerable.Range(1, 12).ToList(); // more than one prepared batch; 7..12 do not exist
        var prices = await store.Commands.GetPricesAsync(ids, None);

        Assert.Equal(6, prices.Count);
        Assert.Equal(10.99m, prices[1]);
        Assert.Equal(15.99m, prices[6]);
    }

    [Fact]
    public async Task Purchase_writes_the_order_lines_history_and_takes_the_stock()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        // Items out of PROD_ID order: ORDERLINEID keeps the request's positions.
        var orderId = await store.Commands.PurchaseAsync(new PurchaseRequest(2, 40.00m, 3.30m, 43.30m, [new(5, 3), new(1, 2)]), None);

        Assert.Equal(4, orderId);
        Assert.Equal("43.3", await store.ScalarAsync<string>("SELECT TOTALAMOUNT FROM ORDERS WHERE ORDERID = 4"));
        Assert.Equal(2L, await store.ScalarAsync<long>("SELECT CUSTOMERID FROM ORDERS WHERE ORDERID = 4"));
        await store.AssertWrittenDuringTheTestAsync("SELECT ORDERDATE FROM ORDERS WHERE ORDERID = 4");
        Assert.Equal(1L, await store.ScalarAsync<long>("SELECT ORDERLINEID FROM ORDERLINES WHERE ORDERID = 4 AND PROD_ID = 5"));
        Assert.Equal(2L, await store.ScalarAsync<long>("SELECT ORDERLINEID FROM ORDERLINES WHERE ORDERID = 4 AND PROD_ID = 1"));
        Assert.Equal(2, await store.CountAsync("CUST_HIST", "ORDERID = 4 AND CUSTOMERID = 2"));
        Assert.Equal(47L, await store.ScalarAsync<long>("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 5"));
        Assert.Equal(3L, await store.ScalarAsync<long>("SELECT SALES FROM INVENTORY WHERE PROD_ID = 5"));
        Assert.Equal(98L, await store.ScalarAsync<long>("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 1"));
        Assert.Equal(0, await store.CountAsync("REORDER"));
    }

    [Fact]
    public async Task Purchase_short_of_stock_returns_zero_and_leaves_nothing_behind()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        // Product 1 has plenty and is taken first; product 4 has none: the whole order goes.
        var orderId = await store.Commands.PurchaseAsync(new PurchaseRequest(2, 1, 0, 1, [new(4, 1), new(1, 5)]), None);

        Assert.Equal(0, orderId);
        Assert.Equal(3, await store.CountAsync("ORDERS"));
        Assert.Equal(0, await store.CountAsync("ORDERLINES"));
        Assert.Equal(3, await store.CountAsync("CUST_HIST"));
        Assert.Equal(100L, await store.ScalarAsync<long>("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 1"));
        Assert.Equal(0L, await store.ScalarAsync<long>("SELECT SUM(SALES) FROM INVENTORY"));
        // The connection is usable afterwards and the next order gets the next id.
        Assert.Equal(4, await store.Commands.PurchaseAsync(new PurchaseRequest(2, 1, 0, 1, [new(1, 1)]), None));
    }

    [Fact]
    public async Task Reorder_trigger_logs_low_stock_and_bounces_the_quantity_back()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        // Product 2 has 5: buying 3 would leave 2.
        var orderId = await store.Commands.PurchaseAsync(new PurchaseRequest(1, 1, 0, 1, [new(2, 3)]), None);
        // Product 3 has 2: buying 2 would leave 0 — allowed (stock >= quantity), bounced back to 2.
        var second = await store.Commands.PurchaseAsync(new PurchaseRequest(1, 1, 0, 1, [new(3, 2)]), None);
        // Product 3 still has 2: buying 3 is short → rollback, and no REORDER row from it.
        var third = await store.Commands.PurchaseAsync(new PurchaseRequest(1, 1, 0, 1, [new(3, 3)]), None);

        Assert.NotEqual(0, orderId);
        Assert.NotEqual(0, second);
        Assert.Equal(0, third);
        Assert.Equal(5L, await store.ScalarAsync<long>("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 2"));
        Assert.Equal(3L, await store.ScalarAsync<long>("SELECT SALES FROM INVENTORY WHERE PROD_ID = 2"));
        Assert.Equal(2L, await store.ScalarAsync<long>("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 3"));
        Assert.Equal(2L, await store.ScalarAsync<long>("SELECT SALES FROM INVENTORY WHERE PROD_ID = 3"));
        Assert.Equal(2, await store.CountAsync("REORDER"));
        Assert.Equal(2L, await store.ScalarAsync<long>("SELECT QUAN_LOW FROM REORDER WHERE PROD_ID = 2"));
        Assert.Equal(0L, await store.ScalarAsync<long>("SELECT QUAN_LOW FROM REORDER WHERE PROD_ID = 3"));
        await store.AssertWrittenDuringTheTestAsync("SELECT DATE_LOW FROM REORDER WHERE PROD_ID = 2");
    }

    [Fact]
    public async Task Restoring_low_stock_does_not_fire_the_trigger()
    {
        await using var store = await SqliteTestStore.CreateAsync();
        await using var connection = await store.OpenAsync();
        await using (var command = connection.CreateCommand())
        {
            command.CommandText = "UPDATE INVENTORY SET QUAN_IN_STOCK = 1 WHERE PROD_ID = 4";
            await command.ExecuteNonQueryAsync();
        }

        Assert.Equal(1L, await store.ScalarAsync<long>("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 4"));
        Assert.Equal(0, await store.CountAsync("REORDER"));
    }

    [Fact]
    public async Task Purchase_of_more_than_ten_items_is_refused()
    {
        await using var store = await SqliteTestStore.CreateAsync();

        var items = Enumerable.Range(0, 11).Select(_ => new CartItem(1, 1)).ToList();
        await Assert.ThrowsAsync<ArgumentException>(() => store.Commands.PurchaseAsync(new PurchaseRequest(1, 1, 0, 1, items), None));
    }

    private static NewCustomerRequest Customer(string username) =>
        new("NEW", "CUSTOMER", "2 ELM ST", null, "TOWN", null, "00501", "US", 1, null, null, 2, "4111111111111111", "2016/04", username, "secret", null, null, null);
}
