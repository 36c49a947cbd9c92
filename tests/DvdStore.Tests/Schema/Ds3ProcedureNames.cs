namespace DvdStore.Tests.Schema;

/// <summary>The fourteen procedures of DS3's interface (docs/ds3-compatibility.md, "The store"), by name, written out here as the tests' own expectation.</summary>
public static class Ds3ProcedureNames
{
    public static readonly IReadOnlyList<string> All =
    [
        "LOGIN", "NEW_CUSTOMER", "NEW_MEMBER", "BROWSE_BY_CATEGORY", "BROWSE_BY_ACTOR", "BROWSE_BY_TITLE", "GET_PROD_REVIEWS",
        "GET_PROD_REVIEWS_BY_STARS", "GET_PROD_REVIEWS_BY_DATE", "GET_PROD_REVIEWS_BY_ACTOR", "GET_PROD_REVIEWS_BY_TITLE",
        "NEW_PROD_REVIEW", "NEW_REVIEW_HELPFULNESS", "PURCHASE",
    ];
}
