namespace DvdStore.Tests.Trust;

/// <summary>
/// What a store holds that purchases change: order, order-line and history counts, the highest order id, and each
/// product's stock and sales. Taken before and after driver runs, two ledgers prove nothing was lost or invented.
/// </summary>
internal sealed record StoreLedger(long Orders, long OrderLines, long CustHist, long MaxOrderId, IReadOnlyDictionary<int, (long Stock, long Sales)> Inventory)
{
    /// <summary>Stock at which the re-order trigger keeps the old quantity: purchases never go below it.</summary>
    public const int RestockFloor = 3;

    public static async Task<StoreLedger> ReadAsync(StoreTarget target)
    {
        await using var connection = await target.OpenAsync(CancellationToken.None);
        async Task<long> ScalarAsync(string sql)
        {
            await using var command = connection.Command(sql);
            var value = await command.ExecuteScalarAsync();
            return value is null or DBNull ? 0 : Convert.ToInt64(value, CultureInfo.InvariantCulture);
        }

        var inventory = new Dictionary<int, (long, long)>();
        await using (var command = connection.Command("SELECT PROD_ID, QUAN_IN_STOCK, SALES FROM INVENTORY"))
        await using (var reader = await command.ExecuteReaderAsync())
        {
            while (await reader.ReadAsync())
            {
                inventory[Convert.ToInt32(reader.GetValue(0), CultureInfo.InvariantCulture)] =
                    (Convert.ToInt64(reader.GetValue(1), CultureInfo.InvariantCulture), Convert.ToInt64(reader.GetValue(2), CultureInfo.InvariantCulture));
            }
        }

        return new StoreLedger(
            await ScalarAsync("SELECT COUNT(*) FROM ORDERS"),
            await ScalarAsync("SELECT COUNT(*) FROM ORDERLINES"),
            await ScalarAsync("SELECT COUNT(*) FROM CUST_HIST"),
            await ScalarAsync("SELECT MAX(ORDERID) FROM ORDERS"),
            inventory);
    }

    /// <summary>
    /// The orders a run left in the store by its cross-check: those the driver saw commit plus the in-doubt purchases
    /// (connection lost mid-purchase) that turned out committed. Asserts the check matched
    /// (committed ≤ gained ≤ committed + in doubt).
    /// </summary>
    public static long OrdersHeld(CrossCheck check)
    {
        Assert.True(check.Matches, $"cross-check: gained {check.DatabaseGained}, committed {check.DriverCommitted}, in doubt {check.InDoubt}");
        return check.DriverCommitted + check.InDoubtCommitted;
    }

    /// <summary>
    /// Checks the store gained exactly <paramref name="committedOrders"/> orders since <paramref name="before"/>, each with
    /// its lines and history rows, that SALES grew by exactly the new lines' quantities, and that stock stayed sound.
    /// </summary>
    public static async Task AssertExactAsync(StoreTarget target, StoreLedger before, long committedOrders)
    {
        var after = await ReadAsync(target);
        Assert.Equal(committedOrders, after.Orders - before.Orders);
        await using var connection = await target.OpenAsync(CancellationToken.None);
        async Task<long> ScalarAsync(string sql)
        {
            await using var command = connection.Command(sql);
            var value = await command.ExecuteScalarAsync();
            return value is null or DBNull ? 0 : Convert.ToInt64(value, CultureInfo.InvariantCulture);
        }

        var newOrders = await ScalarAsync($"SELECT COUNT(*) FROM ORDERS WHERE ORDERID > {before.MaxOrderId}");
        Assert.Equal(committedOrders, newOrders);
        var newLines = await ScalarAsync($"SELECT COUNT(*) FROM ORDERLINES WHERE ORDERID > {before.MaxOrderId}");
        Assert.Equal(newLines, after.OrderLines - before.OrderLines);
        Assert.Equal(newLines, after.CustHist - before.CustHist);
        Assert.Equal(newLines, await ScalarAsync($"SELECT COUNT(*) FROM CUST_HIST WHERE ORDERID > {before.MaxOrderId}"));
        // Every new order has lines, and every new line belongs to a new order (nothing half-written remains).
        Assert.Equal(0, await ScalarAsync($"SELECT COUNT(*) FROM ORDERS O WHERE O.ORDERID > {before.MaxOrderId} AND NOT EXISTS (SELECT 1 FROM ORDERLINES L WHERE L.ORDERID = O.ORDERID)"));
        Assert.Equal(0, await ScalarAsync($"SELECT COUNT(*) FROM ORDERLINES L WHERE L.ORDERID > {before.MaxOrderId} AND NOT EXISTS (SELECT 1 FROM ORDERS O WHERE O.ORDERID = L.ORDERID)"));
        if (committedOrders > 0)
        {
            Assert.True(newLines >= committedOrders, $"{newLines} new order lines for {committedOrders} new orders");
        }

        var sold = new Dictionary<int, long>();
        await using (var command = connection.Command($"SELECT PROD_ID, SUM(QUANTITY) FROM ORDERLINES WHERE ORDERID > {before.MaxOrderId} GROUP BY PROD_ID"))
        await using (var reader = await command.ExecuteReaderAsync())
        {
            while (await reader.ReadAsync())
            {
                sold[Convert.ToInt32(reader.GetValue(0), CultureInfo.InvariantCulture)] = Convert.ToInt64(reader.GetValue(1), CultureInfo.InvariantCulture);
            }
        }

        foreach (var (product, (stock, sales)) in after.Inventory)
        {
            var (stockBefore, salesBefore) = before.Inventory[product];
            var quantity = sold.GetValueOrDefault(product);
            Assert.True(sales - salesBefore == quantity, $"product {product}: SALES grew by {sales - salesBefore}, its new order lines hold {quantity}");
            Assert.True(stock >= 0, $"product {product}: stock {stock} is negative");
            // The floor holds for products loaded at or above it; one loaded below may only stay where it is.
            Assert.True(stock >= Math.Min(RestockFloor, stockBefore), $"product {product}: stock went from {stockBefore} to {stock}, below the floor of {RestockFloor}");
            Assert.True(stock <= stockBefore, $"product {product}: stock grew from {stockBefore} to {stock}");
        }
    }
}
