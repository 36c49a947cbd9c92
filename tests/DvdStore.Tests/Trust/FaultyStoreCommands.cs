namespace DvdStore.Tests.Trust;

/// <summary>A real engine's store commands whose purchases go through <see cref="PurchaseFaults"/>; every other call passes straight through.</summary>
internal sealed class FaultyStoreCommands(IStoreCommands inner, PurchaseFaults faults) : IStoreCommands
{
    public Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken) => faults.PurchaseAsync(inner, purchase, cancellationToken);

    public Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken) => inner.LoginAsync(username, password, cancellationToken);

    public Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken) => inner.NewCustomerAsync(customer, cancellationToken);

    public Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken) => inner.NewMemberAsync(customerId, membershipType, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByCategoryAsync(int batchSize, int category, CancellationToken cancellationToken) => inner.BrowseByCategoryAsync(batchSize, category, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByActorAsync(int batchSize, string actor, CancellationToken cancellationToken) => inner.BrowseByActorAsync(batchSize, actor, cancellationToken);

    public Task<IReadOnlyList<ProductRow>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken) => inner.BrowseByTitleAsync(batchSize, title, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsAsync(int batchSize, int prodId, CancellationToken cancellationToken) => inner.GetProdReviewsAsync(batchSize, prodId, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByStarsAsync(int batchSize, int prodId, int stars, CancellationToken cancellationToken) => inner.GetProdReviewsByStarsAsync(batchSize, prodId, stars, cancellationToken);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByDateAsync(int batchSize, int prodId, CancellationToken cancellationToken) => inner.GetProdReviewsByDateAsync(batchSize, prodId, cancellationToken);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByActorAsync(int batchSize, string actorWord, CancellationToken cancellationToken) => inner.GetProdReviewsByActorAsync(batchSize, actorWord, cancellationToken);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByTitleAsync(int batchSize, string titleWord, CancellationToken cancellationToken) => inner.GetProdReviewsByTitleAsync(batchSize, titleWord, cancellationToken);

    public Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken) => inner.NewProdReviewAsync(prodId, stars, customerId, summary, text, cancellationToken);

    public Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken) => inner.NewReviewHelpfulnessAsync(reviewId, customerId, helpfulness, cancellationToken);

    public Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken) => inner.GetPricesAsync(prodIds, cancellationToken);

    public ValueTask DisposeAsync() => inner.DisposeAsync();
}
