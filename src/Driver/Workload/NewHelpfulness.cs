namespace DvdStore.Driver.Workload;

/// <summary>The customer rates a review (docs/ds3-compatibility.md, "An order", step 7): review U(1, 20·N_prod) (originally loaded ones), rating U(1,10).</summary>
public static class NewHelpfulness
{
    public static async ValueTask RunAsync(OrderContext order, long customerId, CancellationToken cancellationToken)
    {
        var review = order.Random.Between(1L, order.Settings.Products * Schema.Sizing.RowCounts.ReviewsPerProduct);
        var rating = order.Random.Between(1, 10);
        var result = await order.Calls.CallAsync(
            TransactionKind.NewHelpfulness,
            (store, ct) => store.NewReviewHelpfulnessAsync(review, customerId, rating, ct),
            cancellationToken).ConfigureAwait(false);
        order.Count(TransactionKind.NewHelpfulness, result.Ticks);
    }
}
