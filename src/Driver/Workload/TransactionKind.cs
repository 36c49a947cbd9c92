namespace DvdStore.Driver.Workload;

/// <summary>The timed DS3 calls an order is made of (ds3-facts §4.4).</summary>
public enum TransactionKind
{
    Login,
    NewCustomer,
    NewMember,
    Browse,
    BrowseReviews,
    GetReviews,
    NewReview,
    NewHelpfulness,
    Purchase,
}
