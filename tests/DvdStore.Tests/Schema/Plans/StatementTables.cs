using System.Text.RegularExpressions;

namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// Which table each alias of a statement stands for ("FROM REVIEWS R", "JOIN REVIEWS_HELPFULNESS H", "FROM PRODUCTS
/// WHERE ..."): MariaDB's and SQLite's plans name tables by alias.
/// </summary>
public static partial class StatementTables
{
    private static readonly HashSet<string> Keywords = new(StringComparer.OrdinalIgnoreCase)
    {
        "WHERE", "ON", "JOIN", "INNER", "LEFT", "CROSS", "LIMIT", "ORDER", "GROUP", "USING", "NATURAL",
    };

    public static IReadOnlyDictionary<string, string> Aliases(string sql)
    {
        var aliases = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (Match match in FromOrJoin().Matches(sql))
        {
            var table = match.Groups["table"].Value;
            var alias = match.Groups["alias"].Success && !Keywords.Contains(match.Groups["alias"].Value) ? match.Groups["alias"].Value : table;
            aliases[alias] = table;
        }

        return aliases;
    }

    [GeneratedRegex(@"\b(?:FROM|JOIN)\s+(?<table>[A-Za-z_]\w*)(?:\s+(?:AS\s+)?(?<alias>[A-Za-z_]\w*))?", RegexOptions.IgnoreCase)]
    private static partial Regex FromOrJoin();
}
