using DvdStore.Driver.Workload;

namespace DvdStore.Tests.Driver;

/// <summary>
/// An in-memory <see cref="IStoreCommands"/> and <see cref="IOrderCalls"/> that answers at once and records each call
/// of the current order, for checking the order mix itself (the real engines are driven in <see cref="DriverRunTests"/>).
/// </summary>
internal sealed class RecordingStore : IStoreCommands, IOrderCalls
{
    public List<string> Calls { get; } = [];

    public List<PurchaseRequest> Purchases { get; } = [];

    public List<int> BatchSizes { get; } = [];

    public ValueTask<Timed<T>> CallAsync<T>(TransactionKind kind, Func<IStoreCommands, CancellationToken, Task<T>> call, CancellationToken cancellationToken) =>
        new(new Timed<T>(call(this, cancellationToken).Result, 10));

    public Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken) => Record("Login", new LoginResult(7, []));

    public Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken) => Record("NewCustomer", 9L);

    public Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken) => Record("NewMember", customerId);

    public Task<IReadOnlyList<ProductRow>> BrowseByCategoryAsync(int batchSize, int category, CancellationToken cancellationToken) => Browse(batchSize);

    public Task<IReadOnlyList<ProductRow>> BrowseByActorAsync(int batchSize, string actor, CancellationToken cancellationToken) => Browse(batchSize);

    public Task<IReadOnlyList<ProductRow>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken) => Browse(batchSize);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsAsync(int batchSize, int prodId, CancellationToken cancellationToken) => Record<IReadOnlyList<ReviewRow>>("GetReviews", []);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByStarsAsync(int batchSize, int prodId, int stars, CancellationToken cancellationToken) => Record<IReadOnlyList<ReviewRow>>("GetReviews", []);

    public Task<IReadOnlyList<ReviewRow>> GetProdReviewsByDateAsync(int batchSize, int prodId, CancellationToken cancellationToken) => Record<IReadOnlyList<ReviewRow>>("GetReviews", []);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByActorAsync(int batchSize, string actorWord, CancellationToken cancellationToken) => Record<IReadOnlyList<ProductReviewRow>>("BrowseReviews", []);

    public Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByTitleAsync(int batchSize, string titleWord, CancellationToken cancellationToken) => Record<IReadOnlyList<ProductReviewRow>>("BrowseReviews", []);

    public Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken) => Record("NewReview", 1L);

    public Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken) => Record("NewHelpfulness", 1L);

    public Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken) =>
        Task.FromResult<IReadOnlyDictionary<int, decimal>>(prodIds.ToDictionary(static id => id, static _ => 10m));

    public Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken)
    {
        Purchases.Add(purchase);
        return Record("Purchase", 1L);
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

    private Task<IReadOnlyList<ProductRow>> Browse(int batchSize)
    {
        BatchSizes.Add(batchSize);
        return Record<IReadOnlyList<ProductRow>>("Browse", []);
    }

    private Task<T> Record<T>(string call, T value)
    {
        Calls.Add(call);
        return Task.FromResult(value);
    }
}
