namespace DvdStore.Contract.Checks;

/// <summary>GET_PROD_REVIEWS*, NEW_PROD_REVIEW, NEW_REVIEW_HELPFULNESS.</summary>
internal static class ReviewChecks
{
    public static async Task Get_prod_reviews_returns_rated_reviews_most_helpful_first(FreshStore store, CancellationToken cancellationToken)
    {
        var reviews = await store.Commands.GetProdReviewsAsync(10, 1, cancellationToken);

        // Review 4 has no helpfulness ratings, so the inner join leaves it out.
        Expect.Equal([2L, 7L, 1L, 3L], reviews.Select(r => r.ReviewId));
        Expect.Equal([10L, 7L, 5L, 1L], reviews.Select(r => r.TotalHelpfulness));
        Expect.Equal(new(2, 1, new DateTime(2013, 4, 1), 4, 3, "Good", "Quite good", 10), reviews[0]);
        Expect.Equal([2L, 7L], (await store.Commands.GetProdReviewsAsync(2, 1, cancellationToken)).Select(r => r.ReviewId));
        Expect.Empty(await store.Commands.GetProdReviewsAsync(10, 3, cancellationToken));
    }

    public static async Task Get_prod_reviews_by_stars_returns_only_reviews_with_those_stars(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal([1L, 3L], (await store.Commands.GetProdReviewsByStarsAsync(10, 1, 5, cancellationToken)).Select(r => r.ReviewId));
        Expect.Equal([1L], (await store.Commands.GetProdReviewsByStarsAsync(1, 1, 5, cancellationToken)).Select(r => r.ReviewId));
        Expect.Empty(await store.Commands.GetProdReviewsByStarsAsync(10, 1, 2, cancellationToken));
        var superb = (await store.Commands.GetProdReviewsByStarsAsync(10, 1, 5, cancellationToken))[1];
        Expect.Equal("It's \"superb\" – 100% \\o/", superb.Text);
    }

    public static async Task Get_prod_reviews_by_date_returns_rated_reviews_newest_first(FreshStore store, CancellationToken cancellationToken)
    {
        var reviews = await store.Commands.GetProdReviewsByDateAsync(10, 1, cancellationToken);

        // Reviews 3 and 7 share a date: the higher id first.
        Expect.Equal([7L, 3L, 2L, 1L], reviews.Select(r => r.ReviewId));
        Expect.Equal([7L, 1L, 10L, 5L], reviews.Select(r => r.TotalHelpfulness));
        Expect.Equal([7L, 3L, 2L], (await store.Commands.GetProdReviewsByDateAsync(3, 1, cancellationToken)).Select(r => r.ReviewId));
    }

    public static async Task Get_prod_reviews_by_actor_searches_actors_most_helpful_first(FreshStore store, CancellationToken cancellationToken)
    {
        var reviews = await store.Commands.GetProdReviewsByActorAsync(10, "PENELOPE", cancellationToken);

        Expect.Equal([2L, 7L, 1L, 5L, 3L], reviews.Select(r => r.ReviewId));
        Expect.Equal(new(2, "ACADEMY AFRICAN", "PENELOPE AKROYD", 5, new DateTime(2013, 1, 1), 3, 1, "Fine", "Fine film", 4), reviews[3]);
        Expect.Equal([2L, 7L], (await store.Commands.GetProdReviewsByActorAsync(2, "PENELOPE", cancellationToken)).Select(r => r.ReviewId));
        Expect.Equal([5L], (await store.Commands.GetProdReviewsByActorAsync(10, "AKROYD", cancellationToken)).Select(r => r.ReviewId));
        Expect.Empty(await store.Commands.GetProdReviewsByActorAsync(10, "ACADEMY", cancellationToken));
    }

    public static async Task Get_prod_reviews_by_title_searches_titles_most_helpful_first(FreshStore store, CancellationToken cancellationToken)
    {
        var reviews = await store.Commands.GetProdReviewsByTitleAsync(10, "ACADEMY", cancellationToken);

        Expect.Equal([2L, 7L, 1L, 5L, 3L], reviews.Select(r => r.ReviewId));
        Expect.Equal([10L, 7L, 5L, 4L, 1L], reviews.Select(r => r.TotalHelpfulness));
        Expect.Equal(new(1, "ACADEMY ACADEMY", "PENELOPE GUINESS", 2, new DateTime(2013, 4, 1), 4, 3, "Good", "Quite good", 10), reviews[0]);
        Expect.Equal([5L], (await store.Commands.GetProdReviewsByTitleAsync(10, "AFRICAN", cancellationToken)).Select(r => r.ReviewId));
        Expect.Empty(await store.Commands.GetProdReviewsByTitleAsync(10, "PENELOPE", cancellationToken));
    }

    public static async Task New_review_and_its_helpfulness_are_stored_verbatim_and_read_back(FreshStore store, CancellationToken cancellationToken)
    {
        const string summary = "It's 100% \"great\" \\ _ ü";
        const string text = "Quotes ' \" backslash \\ percent % underscore _ and ünïcødé: 日本語";

        var reviewId = await store.Commands.NewProdReviewAsync(9, 4, 2, summary, text, cancellationToken);
        var ratingId = await store.Commands.NewReviewHelpfulnessAsync(reviewId, 3, 6, cancellationToken);
        var second = await store.Commands.NewReviewHelpfulnessAsync(reviewId, 4, 2, cancellationToken);

        Expect.True(reviewId > ContractData.Reviews.Count);
        Expect.True(ratingId > ContractData.Helpfulness.Count);
        Expect.True(second > ratingId);
        var review = Expect.Single(await store.Commands.GetProdReviewsByDateAsync(10, 9, cancellationToken));
        Expect.Equal(reviewId, review.ReviewId);
        Expect.Equal(9, review.ProdId);
        Expect.Equal(4, review.Stars);
        Expect.Equal(2, review.CustomerId);
        Expect.Equal(summary, review.Summary);
        Expect.Equal(text, review.Text);
        Expect.Equal(8, review.TotalHelpfulness);
        Expect.True(IsToday(review.ReviewDate), $"REVIEW_DATE {review.ReviewDate} is not today");
    }
}
