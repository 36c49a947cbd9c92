using DvdStore.Schema.Engines.Commands;
using DvdStore.Schema.Model;

namespace DvdStore.Driver.Workload;

/// <summary>
/// The purchase (docs/ds3-compatibility.md, "An order", step 8): U(1, 2·n_line_items − 1) cart lines capped at 10, each a product from
/// the weighted array (duplicates possible) with quantity U(1,3). Prices come from an untimed lookup; net,
/// tax (8.25 %) and total are computed here, pricing every line (DS3 priced a duplicated product once — fixed).
/// </summary>
public static class Purchase
{
    /// <summary>Runs the purchase; true when it rolled back for lack of stock.</summary>
    public static async ValueTask<bool> RunAsync(OrderContext order, long customerId, CancellationToken cancellationToken)
    {
        var lines = Math.Min(order.Random.CountWithMean(order.Settings.LineItems), PurchaseRequest.MaxItems);
        var items = new CartItem[lines];
        for (var i = 0; i < lines; i++)
        {
            items[i] = new CartItem(order.Products.Draw(order.Random), order.Random.Between(1, 3));
        }

        var ids = items.Select(static item => item.ProdId).Distinct().ToArray();
        var prices = await order.Calls.CallAsync(TransactionKind.Purchase, (store, ct) => store.GetPricesAsync(ids, ct), cancellationToken).ConfigureAwait(false);
        var request = Price(customerId, items, prices.Value);
        Timed<long> result;
        cancellationToken.ThrowIfCancellationRequested();

        // In flight until the order is counted (OrderSession ends it after RecordOrder), here when the purchase fails.
        order.BeginPurchase();
        try
        {
            result = await order.Calls.CallAsync(TransactionKind.Purchase, (store, ct) => store.PurchaseAsync(request, ct), cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is OrderFailedException { ConnectionLost: true } || (e is OperationCanceledException && cancellationToken.IsCancellationRequested))
        {
            // The commit may have reached the server before the connection was lost or the call cancelled: in doubt.
            order.CountInDoubtPurchase();
            order.EndPurchase();
            throw;
        }
        catch
        {
            order.EndPurchase();
            throw;
        }

        order.Count(TransactionKind.Purchase, result.Ticks);
        return result.Value == 0;
    }

    /// <summary>The request with net = Σ quantity × price over every line, tax rounded to cents, total = net + tax.</summary>
    public static PurchaseRequest Price(long customerId, IReadOnlyList<CartItem> items, IReadOnlyDictionary<int, decimal> prices)
    {
        var net = 0m;
        foreach (var item in items)
        {
            if (!prices.TryGetValue(item.ProdId, out var price))
            {
                throw new StoreMismatchException($"product {item.ProdId} does not exist: the store is smaller than --size implies; give the size the store was loaded with.");
            }

            net += item.Quantity * price;
        }

        var tax = Math.Round(net * StoreModel.TaxRate, 2, MidpointRounding.AwayFromZero);
        return new PurchaseRequest(customerId, net, tax, net + tax, items);
    }
}
