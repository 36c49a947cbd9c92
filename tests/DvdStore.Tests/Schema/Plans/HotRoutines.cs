using DvdStore.Schema.Vocabulary;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// The read routines of DS3's order mix with the arguments the plan guards call them with, on the 10MB store of
/// <see cref="PlanStores"/>. The searches are past DS3's 500-pair cap (a title's first word, ~1,000 products) and an
/// actor's last name (~50 products, ~1,000 reviews), where a plan that does more than the cap shows.
/// </summary>
public static class HotRoutines
{
    public const int Batch = 10;
    public const int Product = 777;
    public const int Stars = 4;
    public const int Category = 5;
    public const string User = "user17";
    public const string Password = "password";

    public static readonly string Actor = ActorNames.LastNames[0];
    public static readonly string TitleWord = MovieWords.All[0];

    public static readonly IReadOnlyDictionary<string, Func<IStoreCommands, CancellationToken, Task>> Calls =
        new Dictionary<string, Func<IStoreCommands, CancellationToken, Task>>
        {
            ["LOGIN"] = (c, ct) => c.LoginAsync(User, Password, ct),
            ["BROWSE_BY_CATEGORY"] = (c, ct) => c.BrowseByCategoryAsync(Batch, Category, ct),
            ["BROWSE_BY_ACTOR"] = (c, ct) => c.BrowseByActorAsync(Batch, Actor, ct),
            ["BROWSE_BY_TITLE"] = (c, ct) => c.BrowseByTitleAsync(Batch, TitleWord, ct),
            ["GET_PROD_REVIEWS"] = (c, ct) => c.GetProdReviewsAsync(Batch, Product, ct),
            ["GET_PROD_REVIEWS_BY_STARS"] = (c, ct) => c.GetProdReviewsByStarsAsync(Batch, Product, Stars, ct),
            ["GET_PROD_REVIEWS_BY_DATE"] = (c, ct) => c.GetProdReviewsByDateAsync(Batch, Product, ct),
            ["GET_PROD_REVIEWS_BY_ACTOR"] = (c, ct) => c.GetProdReviewsByActorAsync(Batch, Actor, ct),
            ["GET_PROD_REVIEWS_BY_TITLE"] = (c, ct) => c.GetProdReviewsByTitleAsync(Batch, TitleWord, ct),
        };

    public static TheoryData<string> Names => [.. Calls.Keys];
}
