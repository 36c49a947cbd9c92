namespace DvdStore.Analysis.Reading;

/// <summary>
/// Puts back together the DS3 lines a viewer, mailer or <c>fold</c> wrapped (at 80 columns, say): a periodic line
/// (<c>et= … %=</c>) or a Final summary continues on the following lines. A periodic line is joined until it parses;
/// a Final summary takes every following line that is none of DS3's own line starts. Where the break fell is read
/// from its two sides: a value (digit, %, ':' or ')') followed by a letter was a space the wrap dropped; anything else
/// (a key or number cut in two, or a space kept on either side) is joined as it is. Lines no join repairs are counted.
/// </summary>
internal static class Ds3WrappedLines
{
    private const int MostPieces = 8;

    private static readonly string[] LineStarts =
    [
        "et=", "Final", "Thread ", "Controller", "Stats reset", "Individual Stats", "n_purchase_from_start", "Run over", "host ",
        "threads[", "Total number of Threads", "Using ", "target=",
    ];

    /// <summary>The logical lines of <paramref name="text"/>, and how many started a DS3 periodic line but stayed broken.</summary>
    public static (List<string> Lines, int Broken) Join(string text)
    {
        var physical = text.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        var lines = new List<string>(physical.Count);
        var broken = 0;
        for (var i = 0; i < physical.Count; i++)
        {
            var line = physical[i];
            if (line.StartsWith("Final (", StringComparison.Ordinal))
            {
                while (i + 1 < physical.Count && IsContinuation(physical[i + 1]))
                {
                    line = Glue(line, physical[++i]);
                }
            }
            else if (StartsPeriodic(line) && Ds3PeriodicLine.TryParse(line) is null)
            {
                var joined = line;
                var used = 0;
                while (Ds3PeriodicLine.TryParse(joined) is null && used < MostPieces && i + used + 1 < physical.Count && IsContinuation(physical[i + used + 1]))
                {
                    joined = Glue(joined, physical[i + ++used]);
                }

                if (Ds3PeriodicLine.TryParse(joined) is not null && Complete(joined))
                {
                    line = joined;
                    i += used;
                }
                else
                {
                    broken++;
                }
            }

            lines.Add(line);
        }

        return (lines, broken);
    }

    // A periodic line starts with et= after an optional timestamp (UTC "…Z " or LOCAL "… AM ").
    private static bool StartsPeriodic(string line)
    {
        var at = line.IndexOf("et=", StringComparison.Ordinal);
        return at >= 0 && (at == 0 || line[at - 1] == ' ') && !line.StartsWith("Final", StringComparison.Ordinal) && !line[..at].Contains('=', StringComparison.Ordinal);
    }

    // The regex stops at %='s first non-space run: a pct cut after its digits would read short, so ask for "d.d".
    private static bool Complete(string line)
    {
        var pct = line.LastIndexOf("%=", StringComparison.Ordinal);
        var value = line[(pct + 2)..].Trim();
        return value.Length >= 3 && value[^2] == '.' && char.IsAsciiDigit(value[^1]);
    }

    private static bool IsContinuation(string next) =>
        next.Trim().Length > 0 && !LineStarts.Any(s => next.StartsWith(s, StringComparison.Ordinal)) && Ds3PeriodicLine.ParseTimestamp(next.Split("et=")[0]) is null
        && !(next.Contains("et=", StringComparison.Ordinal) && next.Contains(" n_overall=", StringComparison.Ordinal));

    private static string Glue(string line, string next)
    {
        if (line.Length == 0 || next.Length == 0 || line[^1] == ' ' || next[0] == ' ')
        {
            return line + next;
        }

        var tail = line[^1];
        return (char.IsAsciiDigit(tail) || tail is '%' or ':' or ')') && char.IsAsciiLetter(next[0]) ? line + " " + next : line + next;
    }
}
