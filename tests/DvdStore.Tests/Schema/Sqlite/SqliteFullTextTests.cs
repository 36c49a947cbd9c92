using DvdStore.Schema.Engines.Sqlite;

namespace DvdStore.Tests.Schema.Sqlite;

/// <summary>FTS5 searches: every word must match, on the named column only, and search text is data.</summary>
public class SqliteFullTextTests : IAsyncLifetime
{
    private SqliteTestStore _store = null!;

    public async Task InitializeAsync() => _store = await SqliteTestStore.CreateAsync();

    public async Task DisposeAsync() => await _store.DisposeAsync();

    [Theory]
    [InlineData("HANKS", new[] { 2, 4 })]
    [InlineData("tom hanks", new[] { 2 })]
    [InlineData("HANKS TOM", new[] { 2 })]
    [InlineData("TOM", new[] { 2, 3 })]
    [InlineData("TOM NOBODY", new int[0])]
    [InlineData("  meg   HANKS  ", new[] { 4 })]
    public async Task Actor_search_matches_all_words(string text, int[] expected)
    {
        Assert.Equal(expected, await FoundIdsAsync(c => c.BrowseByActorAsync(100, text, None)));
    }

    [Theory]
    [InlineData("ACADEMY DINOSAUR", new[] { 1 })]
    [InlineData("dinosaur", new[] { 1 })]
    [InlineData("HANKS", new int[0])]
    [InlineData("GOLDFINGER ACADEMY", new int[0])]
    public async Task Title_search_searches_titles_only(string text, int[] expected)
    {
        Assert.Equal(expected, await FoundIdsAsync(c => c.BrowseByTitleAsync(100, text, None)));
    }

    [Fact]
    public async Task Search_stops_at_the_batch_size()
    {
        await using var commands = SqliteTestStore.Engine.CreateStoreCommands(_store.Connection);
        Assert.Single(await commands.BrowseByActorAsync(1, "HANKS", None));
    }

    [Theory]
    // FTS5 operators and SQL characters are plain text: no error, no widened match.
    [InlineData("TOM OR HANKS", new int[0])]
    [InlineData("ANNA OR BOB", new[] { 6 })]
    [InlineData("TOM NOT HANKS", new int[0])]
    [InlineData("HANK*", new int[0])]
    [InlineData("NEAR(TOM HANKS)", new int[0])] // words "near", "tom", "hanks": no actor has all three
    [InlineData("ACTOR:TOM", new int[0])]
    [InlineData("TITLE : DINOSAUR", new int[0])]
    [InlineData("\"TOM HANKS", new[] { 2 })]
    [InlineData("TOM\" OR \"MEG", new int[0])]
    [InlineData("o'brien", new[] { 5 })]
    [InlineData("O'BRIEN JOSÉ", new[] { 5 })]
    [InlineData("josé", new[] { 5 })]
    [InlineData("JOSE", new int[0])]
    [InlineData("'; DROP TABLE PRODUCTS; --", new int[0])]
    [InlineData("%", new int[0])]
    [InlineData("_", new int[0])]
    [InlineData("\\", new int[0])]
    [InlineData("", new int[0])]
    [InlineData("   ", new int[0])]
    [InlineData("^TOM", new[] { 2, 3 })]
    // No stopwords and no minimum word length: a two-letter word that is also an operator matches as a word.
    [InlineData("or", new[] { 6 })]
    public async Task Hostile_actor_text_is_searched_as_words(string text, int[] expected)
    {
        Assert.Equal(expected, await FoundIdsAsync(c => c.BrowseByActorAsync(100, text, None)));
        Assert.Equal(6, await _store.CountAsync("PRODUCTS"));
    }

    [Theory]
    [InlineData("100%", new[] { 6 })]
    [InlineData("PURE_GOLD", new[] { 6 })]
    [InlineData("\\ \"QUOTED\"", new[] { 6 })]
    [InlineData("café crème", new[] { 5 })]
    [InlineData("CAFÉ", new[] { 5 })]
    [InlineData("CAF%", new int[0])]
    public async Task Hostile_title_text_is_searched_as_words(string text, int[] expected)
    {
        Assert.Equal(expected, await FoundIdsAsync(c => c.BrowseByTitleAsync(100, text, None)));
    }

    [Fact]
    public async Task Products_added_after_the_index_is_built_are_found()
    {
        await using var connection = await _store.OpenAsync();
        await using (var command = connection.CreateCommand())
        {
            command.CommandText = "INSERT INTO PRODUCTS VALUES (7, 1, 'NEW TITLE', 'TOM HANKS', 9.99, 1, 1, 0)";
            await command.ExecuteNonQueryAsync();
            command.CommandText = "UPDATE PRODUCTS SET ACTOR = 'MEG RYAN' WHERE PROD_ID = 2";
            await command.ExecuteNonQueryAsync();
        }

        await using var commands = SqliteTestStore.Engine.CreateStoreCommands(_store.Connection);
        Assert.Equal([7], (await commands.BrowseByActorAsync(100, "TOM HANKS", None)).Select(p => p.ProdId));
        Assert.Equal([2], (await commands.BrowseByActorAsync(100, "RYAN", None)).Select(p => p.ProdId));
    }

    [Theory]
    [InlineData("TOM HANKS", "{ACTOR} : (\"TOM\" \"HANKS\")")]
    [InlineData("a\"b", "{ACTOR} : (\"a\"\"b\")")]
    [InlineData("% TOM _", "{ACTOR} : (\"TOM\")")]
    public void Query_quotes_each_word(string text, string expected) =>
        Assert.Equal(expected, SqliteFullTextQuery.Build("ACTOR", text));

    [Fact]
    public void Query_of_no_words_is_null() => Assert.Null(SqliteFullTextQuery.Build("TITLE", " % _ "));

    /// <summary>The ids of the products a search finds, in id order.</summary>
    private async Task<IReadOnlyList<int>> FoundIdsAsync(Func<IStoreCommands, Task<IReadOnlyList<ProductRow>>> search)
    {
        await using var commands = SqliteTestStore.Engine.CreateStoreCommands(_store.Connection);
        return (await search(commands)).Select(p => p.ProdId).Order().ToList();
    }
}
