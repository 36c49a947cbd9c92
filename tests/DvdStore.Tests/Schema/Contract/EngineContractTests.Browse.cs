using DvdStore.Schema.Engines.Commands;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>BROWSE_BY_CATEGORY/ACTOR/TITLE and the search text rules.</summary>
public abstract partial class EngineContractTests
{
    private static readonly string[] HostileSearches =
    [
        "%", "_", "\\", "'", "\"", "''", "%%", "' OR '1'='1", "%' OR 1=1 --", "'); DROP TABLE PRODUCTS; --",
        "*", "+", "-", "&", "|", "!", ":*", "()", "\\%", "a & b | c", "NEAR(x y)", "@@@",
    ];

    [SkippableFact]
    public async Task Browse_by_category_returns_only_the_categorys_specials()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var action = await commands.BrowseByCategoryAsync(10, 1, None);

        Assert.Equal(new[] { 1, 3 }, action.Select(p => p.ProdId).Order());
        Assert.Equal(new ProductRow(1, 1, "ACADEMY ACADEMY", "PENELOPE GUINESS", 9.99m, 1, 2, 0), action.Single(p => p.ProdId == 1));
        Assert.Single(await commands.BrowseByCategoryAsync(1, 1, None));
        Assert.Equal(new[] { 5 }, (await commands.BrowseByCategoryAsync(10, 2, None)).Select(p => p.ProdId));
        Assert.Empty(await commands.BrowseByCategoryAsync(10, 3, None));
        Assert.Empty(await commands.BrowseByCategoryAsync(10, 16, None));
    }

    [SkippableFact]
    public async Task Browse_by_actor_matches_all_words_of_the_actor()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(new[] { 1, 2 }, await ActorAsync(commands, "PENELOPE"));
        Assert.Equal(new[] { 1 }, await ActorAsync(commands, "PENELOPE GUINESS"));
        Assert.Equal(new[] { 1 }, await ActorAsync(commands, "GUINESS PENELOPE"));
        Assert.Empty(await ActorAsync(commands, "PENELOPE CHASE"));
        Assert.Equal(new[] { 1 }, await ActorAsync(commands, "penelope guiness"));
        Assert.Empty(await ActorAsync(commands, "ACADEMY"));
        Assert.Single(await commands.BrowseByActorAsync(1, "PENELOPE", None));
        Assert.Equal(new ProductRow(2, 1, "ACADEMY AFRICAN", "PENELOPE AKROYD", 10.99m, 0, 1, 1), (await commands.BrowseByActorAsync(10, "AKROYD", None)).Single());
    }

    [SkippableFact]
    public async Task Browse_by_title_matches_all_words_of_the_title_and_not_the_actor()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(new[] { 1, 2 }, await TitleAsync(commands, "ACADEMY"));
        Assert.Equal(new[] { 2, 3 }, await TitleAsync(commands, "AFRICAN"));
        Assert.Equal(new[] { 2 }, await TitleAsync(commands, "ACADEMY AFRICAN"));
        Assert.Equal(new[] { 2 }, await TitleAsync(commands, "african academy"));
        Assert.Empty(await TitleAsync(commands, "ACADEMY EGG"));
        // DS3's PostgreSQL BROWSE_BY_TITLE searched ACTOR; a title search must not find actors.
        Assert.Empty(await TitleAsync(commands, "PENELOPE"));
        Assert.Single(await commands.BrowseByTitleAsync(1, "ACADEMY", None));
    }

    [SkippableFact]
    public async Task Searches_match_non_ascii_words_in_any_case()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        Assert.Equal(new[] { 10 }, await ActorAsync(commands, "BJÖRKMAN"));
        Assert.Equal(new[] { 10 }, await ActorAsync(commands, "zoë björkman"));
        Assert.Equal(new[] { 10 }, await TitleAsync(commands, "ÜBERMENSCH"));
        Assert.Equal(new[] { 10 }, await TitleAsync(commands, "café übermensch"));
        Assert.Equal(new[] { 6L }, (await commands.GetProdReviewsByTitleAsync(10, "ÜBERMENSCH", None)).Select(r => r.ReviewId));
    }

    [SkippableFact]
    public async Task Hostile_search_strings_are_text_never_sql_or_patterns()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        foreach (var search in HostileSearches)
        {
            Assert.True((await commands.BrowseByActorAsync(10, search, None)).Count == 0, $"actor search {search} found rows");
            Assert.True((await commands.BrowseByTitleAsync(10, search, None)).Count == 0, $"title search {search} found rows");
            Assert.True((await commands.GetProdReviewsByActorAsync(10, search, None)).Count == 0, $"review actor search {search} found rows");
            Assert.True((await commands.GetProdReviewsByTitleAsync(10, search, None)).Count == 0, $"review title search {search} found rows");
        }

        Assert.Equal(ContractData.Products.Count, await CountAsync(db, "SELECT COUNT(*) FROM PRODUCTS"));
        Assert.Equal(new[] { 1, 2 }, await ActorAsync(commands, "PENELOPE"));
    }

    [SkippableFact]
    public async Task Get_prices_returns_the_price_of_each_known_product()
    {
        await using var db = await NewStoreAsync();
        await using var commands = Engine.CreateStoreCommands(db);

        var prices = await commands.GetPricesAsync([1, 10, 99], None);

        Assert.Equal(2, prices.Count);
        Assert.Equal(9.99m, prices[1]);
        Assert.Equal(29.99m, prices[10]);
        Assert.Equal(ContractData.Products.Count, (await commands.GetPricesAsync(Enumerable.Range(1, 10).ToArray(), None)).Count);
    }

    private static async Task<int[]> ActorAsync(IStoreCommands commands, string actor) =>
        (await commands.BrowseByActorAsync(10, actor, None)).Select(p => p.ProdId).Order().ToArray();

    private static async Task<int[]> TitleAsync(IStoreCommands commands, string title) =>
        (await commands.BrowseByTitleAsync(10, title, None)).Select(p => p.ProdId).Order().ToArray();
}
