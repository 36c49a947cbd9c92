namespace DvdStore.Schema.Engines.Commands;

/// <summary>One row of a customer's purchase history returned by LOGIN: title, actor and the related product's title.</summary>
public sealed record PurchaseHistoryRow(string Title, string Actor, string RelatedTitle);

/// <summary>LOGIN's answer: the customer id (0 when the user name and password match nobody) and the history rows.</summary>
public sealed record LoginResult(long CustomerId, IReadOnlyList<PurchaseHistoryRow> History)
{
    public bool Found => CustomerId != 0;
}

/// <summary>A PRODUCTS row as the browse procedures return it (all columns, DS3 order).</summary>
public sealed record ProductRow(int ProdId, int Category, string Title, string Actor, decimal Price, int Special, int CommonProdId, int MembershipItem);

/// <summary>A review row from GET_PROD_REVIEWS[_BY_STARS|_BY_DATE] with the sum of its helpfulness ratings.</summary>
public sealed record ReviewRow(long ReviewId, int ProdId, DateTime ReviewDate, int Stars, long CustomerId, string Summary, string Text, long TotalHelpfulness);

/// <summary>A row from GET_PROD_REVIEWS_BY_ACTOR/_BY_TITLE: product columns plus the review and its helpfulness sum.</summary>
public sealed record ProductReviewRow(int ProdId, string Title, string Actor, long ReviewId, DateTime ReviewDate, int Stars, long CustomerId, string Summary, string Text, long TotalHelpfulness);
