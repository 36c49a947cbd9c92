using System.Text;

namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>
/// Turns user search text into an FTS5 query that matches rows containing ALL its words, with the text treated as
/// data: each word becomes an FTS5 string (wrapped in double quotes, inner quotes doubled), so FTS5 operators
/// (AND, OR, NOT, NEAR, *, ^, :, parentheses) and SQL characters (', %, _, \) carry no meaning. FTS5 ANDs
/// strings written side by side. The whole query is bound as a parameter, never spliced into SQL.
/// </summary>
public static class SqliteFullTextQuery
{
    /// <summary>
    /// The FTS5 query restricted to <paramref name="column"/>, or null when the text has no word to search for
    /// (then nothing matches, as PostgreSQL's plainto_tsquery of such text matches nothing). Words without a
    /// letter or digit are dropped: the unicode61 tokenizer would index nothing for them (PostgreSQL drops them too).
    /// </summary>
    public static string? Build(string column, string? text)
    {
        var words = (text ?? "")
            .Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries)
            .Where(w => w.Any(char.IsLetterOrDigit))
            .ToArray();
        if (words.Length == 0)
        {
            return null;
        }

        var query = new StringBuilder();
        query.Append('{').Append(column).Append("} : (");
        for (var i = 0; i < words.Length; i++)
        {
            if (i > 0)
            {
                query.Append(' ');
            }

            query.Append('"').Append(words[i].Replace("\"", "\"\"", StringComparison.Ordinal)).Append('"');
        }

        return query.Append(')').ToString();
    }
}
