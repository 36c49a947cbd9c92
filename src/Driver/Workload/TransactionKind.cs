namespace DvdStore.Driver.Workload;

/// <summary>The timed DS3 calls an order is made of (docs/ds3-compatibility.md, "An order").</summary>
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
