namespace DvdStore.Schema.Vocabulary;

/// <summary>Turns a whitespace-separated word block into a checked list.</summary>
internal static class WordList
{
    public static IReadOnlyList<string> Split(string words, int expected)
    {
        var list = words.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries);
        if (list.Length != expected || list.Distinct(StringComparer.Ordinal).Count() != expected)
        {
            throw new InvalidOperationException($"word list has {list.Length} words ({expected} distinct expected)");
        }

        return Array.AsReadOnly(list);
    }
}
