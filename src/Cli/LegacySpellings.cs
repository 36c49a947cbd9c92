namespace DvdStore.Cli;

/// <summary>
/// Option names the CLI had before it took one name per concept, still accepted (and hidden from help) so that older
/// scripts keep working: each is rewritten to today's name before parsing. DS3's names on <c>run</c> are not here:
/// they are options of their own, with DS3's units.
/// </summary>
internal static class LegacySpellings
{
    private static readonly Dictionary<string, Dictionary<string, string>> ByVerb = new(StringComparer.Ordinal)
    {
        // --seed is a run's random streams; the rows' seed is --data-seed.
        ["load"] = new(StringComparer.Ordinal) { ["--threads"] = "--parallel-tables", ["--seed"] = "--data-seed" },
        ["export-csv"] = new(StringComparer.Ordinal) { ["--threads"] = "--parallel-tables", ["--seed"] = "--data-seed" },
        ["sweep"] = new(StringComparer.Ordinal) { ["--study"] = "--config", ["--step-duration"] = "--duration", ["--threshold"] = "--peak-threshold" },
        ["check"] = new(StringComparer.Ordinal) { ["--report"] = "--out" },
        ["fleet"] = new(StringComparer.Ordinal) { ["--users-per-driver"] = "--users", ["--db_size"] = "--size", ["--cpu"] = "--pod-cpus" },
    };

    /// <summary><paramref name="args"/> with the verb's old option names (as <c>--old v</c> or <c>--old=v</c>) replaced.</summary>
    public static string[] Rewrite(string[] args)
    {
        if (args.Length == 0 || !ByVerb.TryGetValue(args[0], out var renames))
        {
            return args;
        }

        return args.Select((arg, i) => i == 0 ? arg : Renamed(arg, renames)).ToArray();
    }

    /// <summary>
    /// <paramref name="message"/> with today's option names put back as the user typed them (sweep --step-duration NaN
    /// is answered about --step-duration, not the --duration it was rewritten to).
    /// </summary>
    public static string AsTyped(string[] args, string message)
    {
        if (args.Length == 0 || !ByVerb.TryGetValue(args[0], out var renames))
        {
            return message;
        }

        foreach (var typed in args.Skip(1).Select(static a => a.Split('=', 2)[0]).Where(renames.ContainsKey).Distinct())
        {
            message = System.Text.RegularExpressions.Regex.Replace(
                message, $@"(?<![\w-]){System.Text.RegularExpressions.Regex.Escape(renames[typed])}(?![\w-])", typed.Replace("$", "$$", StringComparison.Ordinal));
        }

        return message;
    }

    private static string Renamed(string arg, Dictionary<string, string> renames)
    {
        var name = arg.Split('=', 2)[0];
        return renames.TryGetValue(name, out var today) ? today + arg[name.Length..] : arg;
    }
}
