namespace DvdStore.Schema.Vocabulary;

/// <summary>
/// The 5,000 words review summaries and texts are made of: synthetic but pronounceable lower-case words
/// (two consonant–vowel syllables and an optional final consonant, e.g. "bada", "kimor"), made by index, not
/// drawn at random, so the list is the same forever (a test pins its hash). Words are 4–5 letters with no
/// commas, quotes or spaces, so a 129-word review text stays under the 1,000-character column (docs/ds3-compatibility.md, "Generated data").
/// DS3's own list is GPL text and is not reproduced.
/// </summary>
public static class ReviewWords
{
    public const int Count = 5000;

    /// <summary>The longest word, in characters.</summary>
    public const int MaxLength = 5;

    private const string Onsets = "bdfgklmnprstvwz";
    private const string Vowels = "aeiou";
    private const string Finals = " nrslt";

    public static readonly IReadOnlyList<string> All = Build();

    private static string[] Build()
    {
        var syllables = (from c in Onsets from v in Vowels select $"{c}{v}").ToArray();
        var words = new string[Count];
        for (var i = 0; i < Count; i++)
        {
            // The two syllables alone are unique per index (75 × 75 > 5,000); the final only varies the look.
            var first = syllables[i / syllables.Length];
            var second = syllables[i % syllables.Length];
            var final = Finals[(i * 7 + i / syllables.Length) % Finals.Length];
            words[i] = (first + second + final).TrimEnd();
        }

        return words;
    }
}
