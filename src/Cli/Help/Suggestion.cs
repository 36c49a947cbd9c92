using System.CommandLine;

namespace DvdStore.Cli.Help;

/// <summary>
/// "did you mean --size?" for a mistyped option or verb. System.CommandLine 2.0 has typo corrections only in its own
/// parse-error action, which prints every error and a list over several lines; the CLI keeps its one-line errors and
/// asks here for the single closest name instead.
/// </summary>
internal static class Suggestion
{
    /// <summary>The first unmatched token and the closest known name to it (null when nothing is close).</summary>
    public static (string Token, string? Closest)? For(ParseResult parse)
    {
        if (parse.UnmatchedTokens.Count == 0)
        {
            return null;
        }

        var token = parse.UnmatchedTokens[0];
        var typed = token.Split('=', 2)[0];
        var command = parse.CommandResult.Command;
        var names = typed.StartsWith('-')
            ? command.Options.Concat(Inherited(parse)).SelectMany(static o => o.Aliases.Prepend(o.Name))
            : Commands(parse);
        return (token, Closest(typed, names));
    }

    /// <summary>The first unmatched word where a verb was expected (a command with subcommands), or null.</summary>
    public static string? UnknownCommand(ParseResult parse) =>
        parse.UnmatchedTokens.Count > 0 && !parse.UnmatchedTokens[0].StartsWith('-') && Commands(parse).Any() ? parse.UnmatchedTokens[0] : null;

    /// <summary>The verbs the user could have meant at this point.</summary>
    public static IEnumerable<string> Commands(ParseResult parse) =>
        parse.CommandResult.Command.Subcommands.Where(static c => !c.Hidden).Select(static c => c.Name);

    /// <summary>The name within a typo's reach of <paramref name="typed"/> (edits ≤ a third of its length, at least 1), nearest first.</summary>
    public static string? Closest(string typed, IEnumerable<string> names)
    {
        var reach = Math.Max(1, typed.TrimStart('-').Length / 3);
        return names
            .Select(name => (Name: name, Edits: Distance(Normalize(typed), Normalize(name))))
            .Where(c => c.Edits <= reach)
            .OrderBy(static c => c.Edits)
            .Select(static c => c.Name)
            .FirstOrDefault();
    }

    // '-' and '_' are one letter apart for a user (--start_at vs --start-at); case never matters.
    private static string Normalize(string name) => name.Replace('_', '-').ToLowerInvariant();

    private static IEnumerable<Option> Inherited(ParseResult parse) =>
        parse.RootCommandResult.Command.Options.Where(static o => o.Recursive);

    /// <summary>Levenshtein distance: insertions, deletions and substitutions.</summary>
    private static int Distance(string a, string b)
    {
        var previous = Enumerable.Range(0, b.Length + 1).ToArray();
        for (var i = 1; i <= a.Length; i++)
        {
            var current = new int[b.Length + 1];
            current[0] = i;
            for (var j = 1; j <= b.Length; j++)
            {
                var substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
                current[j] = Math.Min(substitution, Math.Min(previous[j], current[j - 1]) + 1);
            }

            previous = current;
        }

        return previous[b.Length];
    }
}
