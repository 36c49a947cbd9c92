namespace DvdStore.Driver.Workload;

/// <summary>
/// Review searches (docs/ds3-compatibility.md, "An order", step 4): U(1, 2·n_reviews − 1), each with a DS3 batch and a type uniform
/// over actor (an actor's last name only) and title (the second word of a random title).
/// </summary>
public static class BrowseReviews
{
    public static async ValueTask RunAsync(OrderContext order, CancellationToken cancellationToken)
    {
        var searches = order.Random.CountWithMean(order.Settings.Reviews);
        for (var i = 0; i < searches; i++)
        {
            var batch = order.BatchSize();
            Timed<IReadOnlyList<Schema.Engines.Commands.ProductReviewRow>> result;
            if (order.Random.Between(0, 1) == 0)
            {
                var actor = order.Random.Pick(order.Settings.Terms.LastNames);
                result = await order.Calls.CallAsync(TransactionKind.BrowseReviews, (store, ct) => store.GetProdReviewsByActorAsync(batch, actor, ct), cancellationToken).ConfigureAwait(false);
            }
            else
            {
                // DS3 draws a whole title and searches its second word.
                _ = order.Random.Pick(order.Settings.Terms.TitleWords);
                var word = order.Random.Pick(order.Settings.Terms.TitleWords);
                result = await order.Calls.CallAsync(TransactionKind.BrowseReviews, (store, ct) => store.GetProdReviewsByTitleAsync(batch, word, ct), cancellationToken).ConfigureAwait(false);
            }

            order.Count(TransactionKind.BrowseReviews, result.Ticks);
        }
    }
}
