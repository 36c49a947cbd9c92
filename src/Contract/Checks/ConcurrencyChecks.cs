using DvdStore.Schema.Engines.Common;

namespace DvdStore.Contract.Checks;

/// <summary>Concurrent PURCHASE calls on the same products: no lost update, no oversell, no deadlock.</summary>
internal static class ConcurrencyChecks
{
    private const int Buyers = 6;
    private const int PurchasesPerBuyer = 8;

    public static async Task Concurrent_purchases_of_the_same_products_never_lose_an_update_or_oversell(FreshStore store, CancellationToken cancellationToken)
    {
        // Product 9 gets 7 in stock: the first buyer of 4 leaves 3 (no re-order), every later one is short.
        await using (var command = store.Db.Command($"UPDATE INVENTORY SET QUAN_IN_STOCK = 7 WHERE PROD_ID = {store.Engine.Parameter("id")}"))
        {
            command.Add("id", 9);
            Expect.Equal(1, await command.ExecuteNonQueryAsync());
        }

        var connections = new List<DbConnection>();
        try
        {
            for (var i = 0; i < Buyers; i++)
            {
                connections.Add(await store.Session.OpenAsync(cancellationToken));
            }

            using var start = new Barrier(Buyers);
            var buyers = connections.Select((connection, buyer) => Task.Run(async () =>
            {
                await using var commands = store.Engine.CreateStoreCommands(connection);
                start.SignalAndWait();
                var scarce = await commands.PurchaseAsync(new PurchaseRequest(1, 71.96m, 5.94m, 77.90m, [new CartItem(9, 4)]), cancellationToken);
                var orders = new List<long>();
                for (var n = 0; n < PurchasesPerBuyer; n++)
                {
                    // Half the carts list the products the other way round: the engine must still not deadlock.
                    CartItem[] items = (buyer + n) % 2 == 0 ? [new CartItem(8, 2), new CartItem(1, 1)] : [new CartItem(1, 1), new CartItem(8, 2)];
                    orders.Add(await commands.PurchaseAsync(new PurchaseRequest(2, 43.97m, 3.63m, 47.60m, items), cancellationToken));
                }

                return (Scarce: scarce, Orders: orders);
            })).ToList();
            var results = await Task.WhenAll(buyers);

            Expect.Single(results, r => r.Scarce > 0);
            Expect.Equal((3, ContractData.Sales(9) + 4), await PurchaseChecks.StockAsync(store.Db, 9));

            var orderIds = results.SelectMany(r => r.Orders).ToList();
            Expect.All(orderIds, id => Expect.True(id > 0));
            Expect.Equal(orderIds.Count, orderIds.Distinct().Count());
            const int total = Buyers * PurchasesPerBuyer;
            Expect.Equal((ContractData.Stock(8) - (2 * total), ContractData.Sales(8) + (2 * total)), await PurchaseChecks.StockAsync(store.Db, 8));
            Expect.Equal((ContractData.Stock(1) - total, ContractData.Sales(1) + total), await PurchaseChecks.StockAsync(store.Db, 1));
            Expect.Equal(ContractData.Orders.Count + total + 1, await CountAsync(store.Db, "SELECT COUNT(*) FROM ORDERS"));
            Expect.Equal(ContractData.OrderLines.Count + (2 * total) + 1, await CountAsync(store.Db, "SELECT COUNT(*) FROM ORDERLINES"));
            Expect.Equal(ContractData.CustHist.Count + (2 * total) + 1, await CountAsync(store.Db, "SELECT COUNT(*) FROM CUST_HIST"));
            Expect.Equal(ContractData.Reorder.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM REORDER"));
        }
        finally
        {
            foreach (var connection in connections)
            {
                await connection.DisposeAsync();
            }
        }
    }
}
