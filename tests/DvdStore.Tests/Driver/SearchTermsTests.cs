using DvdStore.Driver.Workload;
using DvdStore.Schema.Vocabulary;

namespace DvdStore.Tests.Driver;

/// <summary>
/// The driver searches with the store's own words: a store whose titles and actors use other words (as a store DS3
/// generated does) gives those words, read by a bounded number of key lookups.
/// </summary>
public sealed class SearchTermsTests
{
    [Fact]
    public async Task Search_words_are_sampled_from_the_store_it_runs_on()
    {
        await using var store = await DriverTestStore.CreateAsync(EngineKind.Sqlite);
        await using (var connection = await store.Target.OpenAsync(CancellationToken.None))
        {
            // Words none of our lists hold, as DS3's differ from ours.
            await connection.ExecuteAsync("UPDATE PRODUCTS SET TITLE = 'QQALPHA QQBETA', ACTOR = 'QQFIRST QQLAST' WHERE PROD_ID % 2 = 0", CancellationToken.None);
        }

        var terms = await SearchTerms.SampleAsync(store.Target, 1_000, 11, CancellationToken.None);

        Assert.Contains("QQALPHA", terms.TitleWords);
        Assert.Contains("QQBETA", terms.TitleWords);
        Assert.Contains("QQFIRST", terms.FirstNames);
        Assert.Contains("QQLAST", terms.LastNames);
        Assert.DoesNotContain("QQLAST", terms.FirstNames);
        Assert.All(terms.TitleWords.Where(w => !w.StartsWith("QQ", StringComparison.Ordinal)), w => Assert.Contains(w, MovieWords.All));
        Assert.All(terms.FirstNames.Where(w => !w.StartsWith("QQ", StringComparison.Ordinal)), w => Assert.Contains(w, ActorNames.FirstNames));
        Assert.StartsWith("the store (1,000 products sampled", terms.Origin, StringComparison.Ordinal);
        Assert.Equal(terms.TitleWords.Order(StringComparer.Ordinal), terms.TitleWords);
    }

    [Fact]
    public void The_sample_is_bounded_distinct_and_replayable_at_any_size()
    {
        var large = SearchTerms.SampleIds(1_000_000, 42);
        Assert.Equal(SearchTerms.SampleProducts, large.Length);
        Assert.Equal(large.Length, large.Distinct().Count());
        Assert.All(large, id => Assert.InRange(id, 1, 1_000_000));
        Assert.Equal(large, SearchTerms.SampleIds(1_000_000, 42));
        Assert.Equal(Enumerable.Range(1, 1_000).Select(i => (long)i), SearchTerms.SampleIds(1_000, 42));
    }
}
