using DvdStore.Schema.Vocabulary;

namespace DvdStore.Driver.Workload;

/// <summary>
/// The customer writes a review (docs/ds3-compatibility.md, "An order", step 6): 3-word summary, 25-word text, stars U(1,5), a product
/// U(1, N_prod) (unweighted, as DS3). Its own time is counted (DS3 counted the new-member time — bug fixed).
/// </summary>
public static class NewReview
{
    public const int SummaryWords = 3;
    public const int TextWords = 25;

    public static async ValueTask RunAsync(OrderContext order, long customerId, CancellationToken cancellationToken)
    {
        var summary = Words(order.Random, SummaryWords);
        var text = Words(order.Random, TextWords);
        var stars = order.Random.Between(1, 5);
        var product = checked((int)order.Random.Between(1L, order.Settings.Products));
        var result = await order.Calls.CallAsync(
            TransactionKind.NewReview,
            (store, ct) => store.NewProdReviewAsync(product, stars, customerId, summary, text, ct),
            cancellationToken).ConfigureAwait(false);
        order.Count(TransactionKind.NewReview, result.Ticks);
    }

    private static string Words(UserRandom random, int count)
    {
        var words = new string[count];
        for (var i = 0; i < count; i++)
        {
            words[i] = random.Pick(ReviewWords.All);
        }

        return string.Join(' ', words);
    }
}
