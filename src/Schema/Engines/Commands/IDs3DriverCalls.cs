namespace DvdStore.Schema.Engines.Commands;

/// <summary>
/// Every store call made exactly the way DS3's own driver for this engine makes it (docs/ds3-compatibility.md, "How DS3's drivers call the store"): DS3's routine
/// names, parameter names, order and provider types, or DS3's SQL text where its driver sends text, and DS3's reads and
/// casts of what comes back. A store that answers our driver but not these calls breaks a DS3 driver pointed at it.
/// </summary>
public interface IDs3DriverCalls
{
    /// <summary>LOGIN: the customer id as DS3 reads it (0 = not found).</summary>
    Task<int> LoginAsync(string username, string password, CancellationToken cancellationToken);

    /// <summary>NEW_CUSTOMER with DS3's generated values: the new id, or 0 when the user name is taken.</summary>
    Task<int> NewCustomerAsync(string username, CancellationToken cancellationToken);

    /// <summary>NEW_MEMBER: the customer id, or 0 when the customer is a member already.</summary>
    Task<int> NewMemberAsync(int customerId, int membershipLevel, CancellationToken cancellationToken);

    /// <summary>BROWSE_BY_CATEGORY / _ACTOR / _TITLE (category as its number): the product ids, every column read with DS3's getter.</summary>
    Task<IReadOnlyList<int>> BrowseAsync(Ds3Browse by, int batchSize, string value, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS / _BY_STARS (stars used only there) / _BY_DATE: the review ids, every column read with DS3's getter.</summary>
    Task<IReadOnlyList<int>> GetProdReviewsAsync(Ds3ReviewOrder order, int batchSize, int prodId, int stars, CancellationToken cancellationToken);

    /// <summary>GET_PROD_REVIEWS_BY_ACTOR / _BY_TITLE with one search word: the review ids, every column read with DS3's getter.</summary>
    Task<IReadOnlyList<int>> SearchProdReviewsAsync(Ds3ReviewSearch by, int batchSize, string word, CancellationToken cancellationToken);

    /// <summary>NEW_PROD_REVIEW: the new review id.</summary>
    Task<int> NewProdReviewAsync(int prodId, int stars, int customerId, string summary, string text, CancellationToken cancellationToken);

    /// <summary>NEW_REVIEW_HELPFULNESS: the new rating id.</summary>
    Task<int> NewReviewHelpfulnessAsync(int reviewId, int customerId, int helpfulness, CancellationToken cancellationToken);

    /// <summary>
    /// PURCHASE priced as DS3 prices it: the order id, 0 on rollback; null when DS3's driver for this engine calls no
    /// PURCHASE routine (it purchases with SQL text of its own).
    /// </summary>
    Task<int?> PurchaseAsync(IReadOnlyList<(int ProdId, int Quantity)> cart, int customerId, CancellationToken cancellationToken);
}
