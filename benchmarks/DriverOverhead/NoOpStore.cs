using DvdStore.Schema.Engines.Commands;

namespace DvdStore.Benchmarks.DriverOverhead;

/// <summary>A store that answers every call at once with fixed data: what is left is the driver's own cost.</summary>
internal sealed class NoOpStore : IStoreCommands
{
    private static readonly LoginResult Customer = new(1, []);
    private static readonly Task<IReadOnlyList<ProductRow>> NoProducts = Task.FromResult<IReadOnlyList<ProductRow>>([]);
    private static readonly Task<IReadOnlyList<ReviewRow>> NoReviews = Task.FromResult<IReadOnlyList<ReviewRow>>([]);
    private static readonly Task<IReadOnlyList<ProductReviewRow>> NoProductReviews = Task.FromResult<IReadOnlyList<ProductReviewRow>>([]);
    private static readonly Task<long> One = Task.FromResult(1L);

    public Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken) => Task.FromResult(Customer);

    public Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken) => One;

    public Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken) => One;

    public Task<IReadOnlyList<ProductRow>> BrowseByCategoryAsync(int batchSize, int category, CancellationToken cancellationToken) => NoProducts;

    public Task<IReadOnlyList<ProductRow>> BrowseByActorAsync(int batchSize, string actor, CancellationToken cancellationToken) => NoProducts;

    public Task<IReadOnlyList<ProductRow>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken) => NoProducts;

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsAsync(int batchSize, int prodId, CancellationToken cancellationToken) => NoReviews;

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByStarsAsync(int batchSize, int prodId, int stars, CancellationToken cancellationToken) => NoReviews;

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByDateAsync(int batchSize, int prodId, CancellationToken cancellationToken) => NoReviews;

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByActorAsync(int batchSize, string actorWord, CancellationToken cancellationToken) => NoProductReviews;

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByTitleAsync(int batchSize, string titleWord, CancellationToken cancellationToken) => NoProductReviews;

    public Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken) => One;

    public Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken) => One;

    public Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken)
    {
        var prices = new Dictionary<int, decimal>(prodIds.Count);
        foreach (var id in prodIds)
        {
            prices[id] = 9.99m;
        }

        return Task.FromResult<IReadOnlyDictionary<int, decimal>>(prices);
    }

    public Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken) => One;

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
