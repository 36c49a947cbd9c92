namespace DvdStore.Schema.Engines.Commands;

/// <summary>
/// The DS3 procedure interface on one open connection: one round trip per call (SQLite: the same
/// transaction as parameterised statements). Engines implement it; the driver times it, retries it and
/// never sees SQL. Instances are not thread-safe: one per virtual user.
/// </summary>
public interface IStoreCommands : IAsyncDisposable
{
    /// <summary>LOGIN: customer id (0 when unknown) and the customer's history with related titles.</summary>
    Task<LoginResult> LoginAsync(string username, string password, CancellationToken cancellationToken);

    /// <summary>NEW_CUSTOMER: the new id, or 0 when the user name is taken.</summary>
    Task<long> NewCustomerAsync(NewCustomerRequest customer, CancellationToken cancellationToken);

    /// <summary>NEW_MEMBER: the customer id, or 0 when the customer is already a member.</summary>
    Task<long> NewMemberAsync(long customerId, int membershipType, CancellationToken cancellationToken);

    /// <summary>BROWSE_BY_CATEGORY: up to <paramref name="batchSize"/> specials of the category.</summary>
    Task<IReadOnlyList<ProductRow>> BrowseByCategoryAsync(int batchSize, int category, CancellationToken cancellationToken);

    /// <summary>BROWSE_BY_ACTOR: full-text match of all words on ACTOR.</summary>
    Task<IReadOnlyList<ProductRow>> BrowseByActorAsync(int batchSize, string actor, CancellationToken cancellationToken);

    /// <summary>BROWSE_BY_TITLE: full-text match of all words on TITLE.</summary>
    Task<IReadOnlyList<ProductRow>> BrowseByTitleAsync(int batchSize, string title, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS: rated reviews of a product, most helpful first.</summary>
    Task<IReadOnlyList<ReviewRow>> GetProdReviewsAsync(int batchSize, int prodId, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS_BY_STARS: as GET_PROD_REVIEWS, only reviews with the given stars.</summary>
    Task<IReadOnlyList<ReviewRow>> GetProdReviewsByStarsAsync(int batchSize, int prodId, int stars, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS_BY_DATE: rated reviews of a product, newest first.</summary>
    Task<IReadOnlyList<ReviewRow>> GetProdReviewsByDateAsync(int batchSize, int prodId, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS_BY_ACTOR: reviews of (up to 500) products whose ACTOR matches the word, most helpful first.</summary>
    Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByActorAsync(int batchSize, string actorWord, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS_BY_TITLE: reviews of (up to 500) products whose TITLE matches the word, most helpful first.</summary>
    Task<IReadOnlyList<ProductReviewRow>> GetProdReviewsByTitleAsync(int batchSize, string titleWord, CancellationToken cancellationToken);

    /// <summary>NEW_PROD_REVIEW: the new review id.</summary>
    Task<long> NewProdReviewAsync(int prodId, int stars, long customerId, string summary, string text, CancellationToken cancellationToken);

    /// <summary>NEW_REVIEW_HELPFULNESS: the new rating id.</summary>
    Task<long> NewReviewHelpfulnessAsync(long reviewId, long customerId, int helpfulness, CancellationToken cancellationToken);

    /// <summary>The untimed price lookup DS3's drivers run before a purchase: PROD_ID → PRICE for the given ids.</summary>
    Task<IReadOnlyDictionary<int, decimal>> GetPricesAsync(IReadOnlyList<int> prodIds, CancellationToken cancellationToken);

    /// <summary>
    /// PURCHASE: the new order id, or 0 when an item's stock is short; then nothing of the order remains.
    /// A purchase never takes stock below 3: the re-order trigger logs a REORDER row instead (docs/ds3-compatibility.md, "The store").
    /// </summary>
    Task<long> PurchaseAsync(PurchaseRequest purchase, CancellationToken cancellationToken);
}
