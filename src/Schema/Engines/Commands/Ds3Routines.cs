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

/// <summary>DS3's routine name for each read, the same on every engine that has routines.</summary>
public static class Ds3RoutineName
{
    public static string Of(Ds3Browse by) => by switch
    {
        Ds3Browse.Category => "BROWSE_BY_CATEGORY",
        Ds3Browse.Actor => "BROWSE_BY_ACTOR",
        _ => "BROWSE_BY_TITLE",
    };

    public static string Of(Ds3ReviewOrder order) => order switch
    {
        Ds3ReviewOrder.Helpfulness => "GET_PROD_REVIEWS",
        Ds3ReviewOrder.Stars => "GET_PROD_REVIEWS_BY_STARS",
        _ => "GET_PROD_REVIEWS_BY_DATE",
    };

    public static string Of(Ds3ReviewSearch by) => by == Ds3ReviewSearch.Actor ? "GET_PROD_REVIEWS_BY_ACTOR" : "GET_PROD_REVIEWS_BY_TITLE";
}
