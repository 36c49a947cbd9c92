namespace DvdStore.Contract.Checks;

/// <summary>PURCHASE and the re-order trigger.</summary>
internal static class PurchaseChecks
{
    public static async Task Purchase_writes_the_order_lines_history_and_stock(FreshStore store, CancellationToken cancellationToken)
    {
        var orderId = await store.Commands.PurchaseAsync(new PurchaseRequest(3, 84.95m, 7.01m, 91.96m, [new CartItem(8, 2), new CartItem(1, 3)]), cancellationToken);

        Expect.True(orderId > ContractData.Orders.Count);
        var order = Expect.Single(await ReadTableAsync(store.Db, StoreModel.Orders), r => (long)r[0]! == orderId);
        Expect.True(IsToday(order[1]), $"ORDERDATE {order[1]} is not today");
        Expect.Equal([3L, 84.95m, 7.01m, 91.96m], order.Skip(2));
        var lines = (await ReadTableAsync(store.Db, StoreModel.OrderLines)).Where(r => (long)r[1]! == orderId).OrderBy(r => (short)r[0]!).ToList();
        // ORDERLINEID is the item's position in the cart, whatever order the stock was taken in.
        Expect.Equal([(short)1, (short)2], lines.Select(l => (short)l[0]!));
        Expect.Equal([8, 1], lines.Select(l => (int)l[2]!));
        Expect.Equal([(short)2, (short)3], lines.Select(l => (short)l[3]!));
        Expect.All(lines, l => Expect.True(IsToday(l[4])));
        var history = (await ReadTableAsync(store.Db, StoreModel.CustHist)).Where(r => (long)r[1]! == orderId).ToList();
        Expect.Equal([1, 8], history.Select(h => (int)h[2]!).Order());
        Expect.All(history, h => Expect.Equal(3L, h[0]));
        Expect.Equal((ContractData.Stock(8) - 2, ContractData.Sales(8) + 2), await StockAsync(store.Db, 8));
        Expect.Equal((ContractData.Stock(1) - 3, ContractData.Sales(1) + 3), await StockAsync(store.Db, 1));
        Expect.Equal(ContractData.Reorder.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM REORDER"));
        Expect.Contains(await store.Commands.LoginAsync("user3", ContractData.Password, cancellationToken) is var login ? login.History : [], h => h.Title == ContractData.Title(8));
    }

    public static async Task Purchase_of_more_than_the_stock_returns_zero_and_leaves_no_trace(FreshStore store, CancellationToken cancellationToken)
    {
        var before = await SnapshotAsync(store.Db);

        // Product 3 has no stock; product 4 has 1. The first item of each cart would be fine on its own.
        Expect.Equal(0, await store.Commands.PurchaseAsync(new PurchaseRequest(3, 21.98m, 1.81m, 23.79m, [new CartItem(1, 1), new CartItem(3, 1)]), cancellationToken));
        Expect.Equal(0, await store.Commands.PurchaseAsync(new PurchaseRequest(3, 36.97m, 3.05m, 40.02m, [new CartItem(10, 1), new CartItem(4, 2)]), cancellationToken));
        Expect.Equal(0, await store.Commands.PurchaseAsync(new PurchaseRequest(3, 11.99m, 0.99m, 12.98m, [new CartItem(3, 1)]), cancellationToken));

        Expect.Equal(before, await SnapshotAsync(store.Db));
    }

    public static async Task Purchase_that_would_leave_stock_under_three_logs_a_reorder_and_keeps_the_stock(FreshStore store, CancellationToken cancellationToken)
    {
        // 4 - 2 = 2 < 3: the order goes through, the stock bounces back, SALES keeps the 2.
        Expect.True(await store.Commands.PurchaseAsync(new PurchaseRequest(1, 31.98m, 2.64m, 34.62m, [new CartItem(7, 2)]), cancellationToken) > 0);
        Expect.Equal((4, 2), await StockAsync(store.Db, 7));
        // 3 - 1 = 2 and 2 - 2 = 0: the same.
        Expect.True(await store.Commands.PurchaseAsync(new PurchaseRequest(1, 42.97m, 3.55m, 46.52m, [new CartItem(6, 1), new CartItem(5, 2)]), cancellationToken) > 0);
        Expect.Equal((3, 2), await StockAsync(store.Db, 6));
        Expect.Equal((2, 2), await StockAsync(store.Db, 5));
        // 4 - 1 = 3 is not under 3: taken as usual, no re-order.
        Expect.True(await store.Commands.PurchaseAsync(new PurchaseRequest(1, 15.99m, 1.32m, 17.31m, [new CartItem(7, 1)]), cancellationToken) > 0);
        Expect.Equal((3, 3), await StockAsync(store.Db, 7));

        var reorders = (await ReadTableAsync(store.Db, StoreModel.Reorder)).Where(r => (int)r[0]! != 9).OrderBy(r => (int)r[0]!).ToList();
        Expect.Equal([(5, 0), (6, 2), (7, 2)], reorders.Select(r => ((int)r[0]!, (int)r[2]!)));
        Expect.All(reorders, r => Expect.True(IsToday(r[1]), $"DATE_LOW {r[1]} is not today"));
        Expect.All(reorders, r => Expect.Equal([null, null, null], r.Skip(3)));
    }

    internal static async Task<(int Stock, int Sales)> StockAsync(DbConnection db, int prodId)
    {
        var row = Expect.Single(await ReadTableAsync(db, StoreModel.Inventory), r => (int)r[0]! == prodId);
        return ((int)row[1]!, (int)row[2]!);
    }

    /// <summary>Every row of the tables a purchase writes, canonical and sorted: equal snapshots mean no trace.</summary>
    private static async Task<List<string>> SnapshotAsync(DbConnection db)
    {
        var rows = new List<string>();
        foreach (var table in new[] { StoreModel.Orders, StoreModel.OrderLines, StoreModel.CustHist, StoreModel.Inventory, StoreModel.Reorder })
        {
            rows.AddRange((await ReadTableAsync(db, table)).Select(r => table.Name + ":" + Canonical(table, r)).Order(StringComparer.Ordinal));
        }

        return rows;
    }
}
