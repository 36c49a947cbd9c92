namespace DvdStore.Contract.Checks;

/// <summary>BROWSE_BY_CATEGORY/ACTOR/TITLE and the search text rules.</summary>
internal static class BrowseChecks
{
    private static readonly string[] HostileSearches =
    [
        "%", "_", "\\", "'", "\"", "''", "%%", "' OR '1'='1", "%' OR 1=1 --", "'); DROP TABLE PRODUCTS; --",
        "*", "+", "-", "&", "|", "!", ":*", "()", "\\%", "a & b | c", "NEAR(x y)", "@@@",
    ];

    public static async Task Browse_by_category_returns_only_the_categorys_specials(FreshStore store, CancellationToken cancellationToken)
    {
        var action = await store.Commands.BrowseByCategoryAsync(10, 1, cancellationToken);

        Expect.Equal(new[] { 1, 3 }, action.Select(p => p.ProdId).Order());
        Expect.Equal(new ProductRow(1, 1, "ACADEMY ACADEMY", "PENELOPE GUINESS", 9.99m, 1, 2, 0), action.Single(p => p.ProdId == 1));
        Expect.Single(await store.Commands.BrowseByCategoryAsync(1, 1, cancellationToken));
        Expect.Equal(new[] { 5 }, (await store.Commands.BrowseByCategoryAsync(10, 2, cancellationToken)).Select(p => p.ProdId));
        Expect.Empty(await store.Commands.BrowseByCategoryAsync(10, 3, cancellationToken));
        Expect.Empty(await store.Commands.BrowseByCategoryAsync(10, 16, cancellationToken));
    }

    public static async Task Browse_by_actor_matches_all_words_of_the_actor(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal(new[] { 1, 2 }, await ActorAsync(store.Commands, "PENELOPE"));
        Expect.Equal(new[] { 1 }, await ActorAsync(store.Commands, "PENELOPE GUINESS"));
        Expect.Equal(new[] { 1 }, await ActorAsync(store.Commands, "GUINESS PENELOPE"));
        Expect.Empty(await ActorAsync(store.Commands, "PENELOPE CHASE"));
        Expect.Equal(new[] { 1 }, await ActorAsync(store.Commands, "penelope guiness"));
        Expect.Empty(await ActorAsync(store.Commands, "ACADEMY"));
        Expect.Single(await store.Commands.BrowseByActorAsync(1, "PENELOPE", cancellationToken));
        Expect.Equal(new ProductRow(2, 1, "ACADEMY AFRICAN", "PENELOPE AKROYD", 10.99m, 0, 1, 1), (await store.Commands.BrowseByActorAsync(10, "AKROYD", cancellationToken)).Single());
    }

    public static async Task Browse_by_title_matches_all_words_of_the_title_and_not_the_actor(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal(new[] { 1, 2 }, await TitleAsync(store.Commands, "ACADEMY"));
        Expect.Equal(new[] { 2, 3 }, await TitleAsync(store.Commands, "AFRICAN"));
        Expect.Equal(new[] { 2 }, await TitleAsync(store.Commands, "ACADEMY AFRICAN"));
        Expect.Equal(new[] { 2 }, await TitleAsync(store.Commands, "african academy"));
        Expect.Empty(await TitleAsync(store.Commands, "ACADEMY EGG"));
        // DS3's PostgreSQL BROWSE_BY_TITLE searched ACTOR; a title search must not find actors.
        Expect.Empty(await TitleAsync(store.Commands, "PENELOPE"));
        Expect.Single(await store.Commands.BrowseByTitleAsync(1, "ACADEMY", cancellationToken));
    }

    public static async Task Searches_match_non_ascii_words_in_any_case(FreshStore store, CancellationToken cancellationToken)
    {
        Expect.Equal(new[] { 10 }, await ActorAsync(store.Commands, "BJÖRKMAN"));
        Expect.Equal(new[] { 10 }, await ActorAsync(store.Commands, "zoë björkman"));
        Expect.Equal(new[] { 10 }, await TitleAsync(store.Commands, "ÜBERMENSCH"));
        Expect.Equal(new[] { 10 }, await TitleAsync(store.Commands, "café übermensch"));
        Expect.Equal(new[] { 6L }, (await store.Commands.GetProdReviewsByTitleAsync(10, "ÜBERMENSCH", cancellationToken)).Select(r => r.ReviewId));
    }

    public static async Task Hostile_search_strings_are_text_never_sql_or_patterns(FreshStore store, CancellationToken cancellationToken)
    {
        foreach (var search in HostileSearches)
        {
            Expect.True((await store.Commands.BrowseByActorAsync(10, search, cancellationToken)).Count == 0, $"actor search {search} found rows");
            Expect.True((await store.Commands.BrowseByTitleAsync(10, search, cancellationToken)).Count == 0, $"title search {search} found rows");
            Expect.True((await store.Commands.GetProdReviewsByActorAsync(10, search, cancellationToken)).Count == 0, $"review actor search {search} found rows");
            Expect.True((await store.Commands.GetProdReviewsByTitleAsync(10, search, cancellationToken)).Count == 0, $"review title search {search} found rows");
        }

        Expect.Equal(ContractData.Products.Count, await CountAsync(store.Db, "SELECT COUNT(*) FROM PRODUCTS"));
        Expect.Equal(new[] { 1, 2 }, await ActorAsync(store.Commands, "PENELOPE"));
    }

    public static async Task Get_prices_returns_the_price_of_each_known_product(FreshStore store, CancellationToken cancellationToken)
    {
        var prices = await store.Commands.GetPricesAsync([1, 10, 99], cancellationToken);

        Expect.Equal(2, prices.Count);
        Expect.Equal(9.99m, prices[1]);
        Expect.Equal(29.99m, prices[10]);
        Expect.Equal(ContractData.Products.Count, (await store.Commands.GetPricesAsync(Enumerable.Range(1, 10).ToArray(), cancellationToken)).Count);
    }

    private static async Task<int[]> ActorAsync(IStoreCommands commands, string actor) =>
        (await commands.BrowseByActorAsync(10, actor, CancellationToken.None)).Select(p => p.ProdId).Order().ToArray();

    private static async Task<int[]> TitleAsync(IStoreCommands commands, string title) =>
        (await commands.BrowseByTitleAsync(10, title, CancellationToken.None)).Select(p => p.ProdId).Order().ToArray();
}
