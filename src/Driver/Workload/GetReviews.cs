namespace DvdStore.Driver.Workload;

/// <summary>
/// Review fetches (docs/ds3-compatibility.md, "An order", step 5): U(1, 2·n_reviews − 1), each for a product from the weighted array,
/// a DS3 batch and a type uniform over most helpful, by stars (the order's one star draw) and newest.
/// </summary>
public static class GetReviews
{
    public static async ValueTask RunAsync(OrderContext order, int stars, CancellationToken cancellationToken)
    {
        var fetches = order.Random.CountWithMean(order.Settings.Reviews);
        for (var i = 0; i < fetches; i++)
        {
            var batch = order.BatchSize();
            var product = order.Products.Draw(order.Random);
            var result = order.Random.Between(0, 2) switch
            {
                0 => await order.Calls.CallAsync(TransactionKind.GetReviews, (store, ct) => store.GetProdReviewsAsync(batch, product, ct), cancellationToken).ConfigureAwait(false),
                1 => await order.Calls.CallAsync(TransactionKind.GetReviews, (store, ct) => store.GetProdReviewsByStarsAsync(batch, product, stars, ct), cancellationToken).ConfigureAwait(false),
                _ => await order.Calls.CallAsync(TransactionKind.GetReviews, (store, ct) => store.GetProdReviewsByDateAsync(batch, product, ct), cancellationToken).ConfigureAwait(false),
            };
            order.Count(TransactionKind.GetReviews, result.Ticks);
        }
    }
}
