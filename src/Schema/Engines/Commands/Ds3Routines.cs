namespace DvdStore.Schema.Engines.Commands;

/// <summary>Which of DS3's three product browses (BROWSE_BY_CATEGORY, _BY_ACTOR, _BY_TITLE).</summary>
public enum Ds3Browse
{
    Category,
    Actor,
    Title,
}

/// <summary>Which of DS3's per-product review reads: GET_PROD_REVIEWS (most helpful first), _BY_STARS, _BY_DATE.</summary>
public enum Ds3ReviewOrder
{
    Helpfulness,
    Stars,
    Date,
}

/// <summary>Which of DS3's review searches: GET_PROD_REVIEWS_BY_ACTOR or _BY_TITLE (one word of the actor or title).</summary>
public enum Ds3ReviewSearch
{
    Actor,
    Title,
}
