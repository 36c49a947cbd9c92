namespace DvdStore.Driver.Workload;

/// <summary>
/// Product searches (docs/ds3-compatibility.md, "An order", step 3): U(1, 2·n_searches − 1) of them, each with batch
/// U(1, 2·search_batch_size − 1) and a type uniform over category U(1,16), actor "FIRST LAST", title "W1 W2"
/// (words from <see cref="WorkloadSettings.Terms"/>, the store's own).
/// </summary>
public static class Browse
{
    public const int Categories = 16;

    public static async ValueTask RunAsync(OrderContext order, CancellationToken cancellationToken)
    {
        var searches = order.Random.CountWithMean(order.Settings.Searches);
        for (var i = 0; i < searches; i++)
        {
            var batch = order.BatchSize();
            Timed<IReadOnlyList<Schema.Engines.Commands.ProductRow>> result;
            switch (order.Random.Between(0, 2))
            {
                case 0:
                    var category = order.Random.Between(1, Categories);
                    result = await order.Calls.CallAsync(TransactionKind.Browse, (store, ct) => store.BrowseByCategoryAsync(batch, category, ct), cancellationToken).ConfigureAwait(false);
                    break;
                case 1:
                    var actor = order.Random.Pick(order.Settings.Terms.FirstNames) + " " + order.Random.Pick(order.Settings.Terms.LastNames);
                    result = await order.Calls.CallAsync(TransactionKind.Browse, (store, ct) => store.BrowseByActorAsync(batch, actor, ct), cancellationToken).ConfigureAwait(false);
                    break;
                default:
                    var title = order.Random.Pick(order.Settings.Terms.TitleWords) + " " + order.Random.Pick(order.Settings.Terms.TitleWords);
                    result = await order.Calls.CallAsync(TransactionKind.Browse, (store, ct) => store.BrowseByTitleAsync(batch, title, ct), cancellationToken).ConfigureAwait(false);
                    break;
            }

            order.Count(TransactionKind.Browse, result.Ticks);
        }
    }
}
