namespace DvdStore.Tests.Schema.Sqlite;

/// <summary>Many virtual users on one SQLite file: WAL readers beside one writer at a time, no SQLITE_BUSY errors.</summary>
public class SqliteConcurrencyTests
{
    [Fact]
    public async Task Concurrent_users_purchase_browse_and_register_without_errors()
    {
        const int users = 8;
        const int ordersPerUser = 40;
        await using var store = await SqliteTestStore.CreateAsync();

        async Task<(int Orders, int Rollbacks)> UserAsync(int user)
        {
            await using var connection = await store.OpenAsync();
            await using var commands = SqliteTestStore.Engine.CreateStoreCommands(connection);
            var (orders, rollbacks) = (0, 0);
            for (var i = 0; i < ordersPerUser; i++)
            {
                var login = await commands.LoginAsync("user" + (1 + (i % 3)), "password", None);
                Assert.True(login.Found);
                Assert.NotEmpty(await commands.BrowseByActorAsync(10, "HANKS", None));
                await commands.GetProdReviewsAsync(10, 1, None);
                if (i % 10 == 0)
                {
                    Assert.NotEqual(0, await commands.NewCustomerAsync(new("A", "B", "C", null, "D", null, null, "US", 1, null, null, 1, "1", "2015/01", $"u{user}_{i}", "p", null, null, null), None));
                }

                // Product 1 has plenty; product 3 (stock 2) fails whenever 3 are asked for.
                var items = new List<CartItem> { new(1, 1), new(5, 1) };
                if (i % 4 == 0)
                {
                    items.Add(new CartItem(3, 3));
                }

                var orderId = await commands.PurchaseAsync(new PurchaseRequest(login.CustomerId, 2, 0, 2, items), None);
                if (orderId == 0)
                {
                    rollbacks++;
                }
                else
                {
                    orders++;
                }
            }

            return (orders, rollbacks);
        }

        var results = await Task.WhenAll(Enumerable.Range(0, users).Select(u => Task.Run(() => UserAsync(u))));

        var completed = results.Sum(r => r.Orders);
        Assert.Equal(users * ordersPerUser / 4, results.Sum(r => r.Rollbacks));
        Assert.Equal(3 + completed, await store.CountAsync("ORDERS"));
        Assert.Equal(2 * completed, await store.CountAsync("ORDERLINES"));
        Assert.Equal(completed, await store.ScalarAsync<long>("SELECT SALES FROM INVENTORY WHERE PROD_ID = 1"));
        // Stock 100 and 50 run down to 3, then every further sale is bounced back and logged as a re-order.
        Assert.True(completed > 97);
        Assert.Equal(3L, await store.ScalarAsync<long>("SELECT QUAN_IN_STOCK FROM INVENTORY WHERE PROD_ID = 1"));
        Assert.Equal(completed - 97, await store.CountAsync("REORDER", "PROD_ID = 1"));
        Assert.Equal(completed - 47, await store.CountAsync("REORDER", "PROD_ID = 5"));
        Assert.Equal(3 + users * ordersPerUser / 10, await store.CountAsync("CUSTOMERS"));
        // Ids are unique and dense: every order got max + 1.
        Assert.Equal(3 + completed, await store.ScalarAsync<long>("SELECT MAX(ORDERID) FROM ORDERS"));
    }
}
