using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using DvdStore.Schema.Vocabulary;

namespace DvdStore.Tests.Schema;

public sealed class VocabularyTests
{
    [Fact]
    public void Movie_words_are_1000_distinct_upper_case_words_of_three_or_more_letters()
    {
        AssertWords(MovieWords.All, 1000, "^[A-Z]{3,}$");
        Assert.True(MovieWords.All.Max(w => w.Length) * 2 + 1 <= 50, "a title must fit TITLE VARCHAR(50)");
    }

    [Fact]
    public void Actor_names_are_200_first_and_200_last_upper_case_names()
    {
        AssertWords(ActorNames.FirstNames, 200, "^[A-Z]{3,}$");
        AssertWords(ActorNames.LastNames, 200, "^[A-Z]{3,}$");
        Assert.True(ActorNames.FirstNames.Max(w => w.Length) + 1 + ActorNames.LastNames.Max(w => w.Length) <= 50);
    }

    [Fact]
    public void Review_words_are_5000_distinct_lower_case_words_without_separators()
    {
        AssertWords(ReviewWords.All, 5000, "^[a-z]{4,5}$");
        Assert.Equal(ReviewWords.MaxLength, ReviewWords.All.Max(w => w.Length));
        Assert.True(129 * (ReviewWords.MaxLength + 1) <= 1000, "the longest review text must fit REVIEW_TEXT");
    }

    // The loader and the driver must agree on these lists forever: any edit changes a loaded store's
    // titles and the driver's search terms, so the lists are pinned.
    [Theory]
    [InlineData("movie", "0b42a459")]
    [InlineData("first", "960d3a0d")]
    [InlineData("last", "5f90f73d")]
    [InlineData("review", "0b06e84e")]
    public void Word_lists_never_change(string list, string expectedHashPrefix)
    {
        var words = list switch
        {
            "movie" => MovieWords.All,
            "first" => ActorNames.FirstNames,
            "last" => ActorNames.LastNames,
            _ => ReviewWords.All,
        };
        var hash = Convert.ToHexString(SHA256.HashData(Encoding.ASCII.GetBytes(string.Join('\n', words)))).ToLowerInvariant();
        Assert.StartsWith(expectedHashPrefix, hash);
    }

    private static void AssertWords(IReadOnlyList<string> words, int count, string pattern)
    {
        Assert.Equal(count, words.Count);
        Assert.Equal(count, words.Distinct(StringComparer.Ordinal).Count());
        Assert.All(words, w => Assert.Matches(new Regex(pattern), w));
    }
}
