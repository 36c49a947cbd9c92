namespace DvdStore.Tests.Schema.Contract;

/// <summary>GET_PROD_REVIEWS*, NEW_PROD_REVIEW, NEW_REVIEW_HELPFULNESS.</summary>
public abstract partial class EngineContractTests
{
    [SkippableFact]
    public async Task Get_prod_reviews_returns_rated_reviews_most_helpful_first()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var reviews = await commands.GetProdReviewsAsync(10, 1, None);

        // Review 4 has no helpfulness ratings, so the inner join leaves it out.
        Assert.Equal([2L, 7L, 1L, 3L], reviews.Select(r => r.ReviewId));
        Assert.Equal([10L, 7L, 5L, 1L], reviews.Select(r => r.TotalHelpfulness));
        Assert.Equal(new(2, 1, new DateTime(2013, 4, 1), 4, 3, "Good", "Quite good", 10), reviews[0]);
        Assert.Equal([2L, 7L], (await commands.GetProdReviewsAsync(2, 1, None)).Select(r => r.ReviewId));
        Assert.Empty(await commands.GetProdReviewsAsync(10, 3, None));
    }

    [SkippableFact]
    public async Task Get_prod_reviews_by_stars_returns_only_reviews_with_those_stars()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal([1L, 3L], (await commands.GetProdReviewsByStarsAsync(10, 1, 5, None)).Select(r => r.ReviewId));
        Assert.Equal([1L], (await commands.GetProdReviewsByStarsAsync(1, 1, 5, None)).Select(r => r.ReviewId));
        Assert.Empty(await commands.GetProdReviewsByStarsAsync(10, 1, 2, None));
        var superb = (await commands.GetProdReviewsByStarsAsync(10, 1, 5, None))[1];
        Assert.Equal("It's \"superb\" – 100% \\o/", superb.Text);
    }

    [SkippableFact]
    public async Task Get_prod_reviews_by_date_returns_rated_reviews_newest_first()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var reviews = await commands.GetProdReviewsByDateAsync(10, 1, None);

        // Reviews 3 and 7 share a date: the higher id first.
        Assert.Equal([7L, 3L, 2L, 1L], reviews.Select(r => r.ReviewId));
        Assert.Equal([7L, 1L, 10L, 5L], reviews.Select(r => r.TotalHelpfulness));
        Assert.Equal([7L, 3L, 2L], (await commands.GetProdReviewsByDateAsync(3, 1, None)).Select(r => r.ReviewId));
    }

    [SkippableFact]
    public async Task Get_prod_reviews_by_actor_searches_actors_most_helpful_first()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var reviews = await commands.GetProdReviewsByActorAsync(10, "PENELOPE", None);

        Assert.Equal([2L, 7L, 1L, 5L, 3L], reviews.Select(r => r.ReviewId));
        Assert.Equal(new(2, "ACADEMY AFRICAN", "PENELOPE AKROYD", 5, new DateTime(2013, 1, 1), 3, 1, "Fine", "Fine film", 4), reviews[3]);
        Assert.Equal([2L, 7L], (await commands.GetProdReviewsByActorAsync(2, "PENELOPE", None)).Select(r => r.ReviewId));
        Assert.Equal([5L], (await commands.GetProdReviewsByActorAsync(10, "AKROYD", None)).Select(r => r.ReviewId));
        Assert.Empty(await commands.GetProdReviewsByActorAsync(10, "ACADEMY", None));
    }

    [SkippableFact]
    public async Task Get_prod_reviews_by_title_searches_titles_most_helpful_first()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var reviews = await commands.GetProdReviewsByTitleAsync(10, "ACADEMY", None);

        Assert.Equal([2L, 7L, 1L, 5L, 3L], reviews.Select(r => r.ReviewId));
        Assert.Equal([10L, 7L, 5L, 4L, 1L], reviews.Select(r => r.TotalHelpfulness));
        Assert.Equal(new(1, "ACADEMY ACADEMY", "PENELOPE GUINESS", 2, new DateTime(2013, 4, 1), 4, 3, "Good", "Quite good", 10), reviews[0]);
        Assert.Equal([5L], (await commands.GetProdReviewsByTitleAsync(10, "AFRICAN", None)).Select(r => r.ReviewId));
        Assert.Empty(await commands.GetProdReviewsByTitleAsync(10, "PENELOPE", None));
    }

    [SkippableFact]
    public async Task New_review_and_its_helpfulness_are_stored_verbatim_and_read_back()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);
        const string summary = "It's 100% \"great\" \\ _ ü";
        const string text = "Quotes ' \" backslash \\ percent % underscore _ and ünïcødé: 日本語";

        var reviewId = await commands.NewProdReviewAsync(9, 4, 2, summary, text, None);
        var ratingId = await commands.NewReviewHelpfulnessAsync(reviewId, 3, 6, None);
        var second = await commands.NewReviewHelpfulnessAsync(reviewId, 4, 2, None);

        Assert.True(reviewId > ContractData.Reviews.Count);
        Assert.True(ratingId > ContractData.Helpfulness.Count);
        Assert.True(second > ratingId);
        var review = Assert.Single(await commands.GetProdReviewsByDateAsync(10, 9, None));
        Assert.Equal(reviewId, review.ReviewId);
        Assert.Equal(9, review.ProdId);
        Assert.Equal(4, review.Stars);
        Assert.Equal(2, review.CustomerId);
        Assert.Equal(summary, review.Summary);
        Assert.Equal(text, review.Text);
        Assert.Equal(8, review.TotalHelpfulness);
        Assert.True(IsToday(review.ReviewDate), $"REVIEW_DATE {review.ReviewDate} is not today");
    }
}
