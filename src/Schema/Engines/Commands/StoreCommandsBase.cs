namespace DvdStore.Schema.Engines.Commands;

/// <summary>
/// <see cref="IStoreCommands"/> with DS3's eight reads written once, each as one of three kinds an engine implements: a
/// product browse, a product's reviews, a review search. The engine maps the kind to its routine and binding.
/// </summary>
public abstract class StoreCommandsBase : IStoreCommands
{
    public abstract Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken);

    public abstract Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken);

    public abstract Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByCategoryAsync(int batchSize, int category, CancellationToken cancellationToken) =>
        BrowseAsync(Ds3Browse.Category, batchSize, category, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByActorAsync(int batchSize, string actor, CancellationToken cancellationToken) =>
        BrowseAsync(Ds3Browse.Actor, batchSize, actor, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken) =>
        BrowseAsync(Ds3Browse.Title, batchSize, title, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsAsync(int batchSize, int prodId, CancellationToken cancellationToken) =>
        ReviewsAsync(Ds3ReviewOrder.Helpfulness, batchSize, prodId, 0, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByStarsAsync(int batchSize, int prodId, int stars, CancellationToken cancellationToken) =>
        ReviewsAsync(Ds3ReviewOrder.Stars, batchSize, prodId, stars, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByDateAsync(int batchSize, int prodId, CancellationToken cancellationToken) =>
        ReviewsAsync(Ds3ReviewOrder.Date, batchSize, prodId, 0, cancellationToken);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByActorAsync(int batchSize, string actorWord, CancellationToken cancellationToken) =>
        SearchReviewsAsync(Ds3ReviewSearch.Actor, batchSize, actorWord, cancellationToken);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByTitleAsync(int batchSize, string titleWord, CancellationToken cancellationToken) =>
        SearchReviewsAsync(Ds3ReviewSearch.Title, batchSize, titleWord, cancellationToken);

    public abstract Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken);

    public abstract Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken);

    public abstract Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken);

    public abstract Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken);

    /// <summary>Nothing to release unless the engine keeps prepared statements; the connection stays the caller's.</summary>
    public virtual ValueTask DisposeAsync()
    {
        GC.SuppressFinalize(this);
        return ValueTask.CompletedTask;
    }

    /// <summary>BROWSE_BY_CATEGORY (<paramref name="key"/> the category number), _BY_ACTOR or _BY_TITLE (the search text).</summary>
    protected abstract Task<IReadOnlyList<ProductRow>> BrowseAsync(Ds3Browse by, int batchSize, object key, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS, _BY_STARS (only there <paramref name="stars"/> counts) or _BY_DATE.</summary>
    protected abstract Task<IReadOnlyList<ReviewRow>> ReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS_BY_ACTOR or _BY_TITLE with one word.</summary>
    protected abstract Task<IReadOnlyList<ProductReviewRow>> SearchReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken);
}
