using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Like with like, for every study at once: each headline names its runs and the labels it studies, and here its runs
/// are held to agree on everything else — users per target, store size, workload and mix, think time, engine and
/// version, warm-up and duration class, and any user label. A difference the statement does not name is added to it
/// ("[unlike: threads 1 vs 2]"), so no headline sets unlike runs side by side in silence; a headline resting on runs
/// that measured the client (<see cref="ClientLimited"/>) is left out, with why, unless --include-client-bound.
/// </summary>
public static class HeadlineGate
{
    public static StudyResult Apply(StudyResult result, StudyInput input)
    {
        if (result.Headlines.Count == 0)
        {
            return result;
        }

        var kept = new List<Headline>();
        var leftOut = new List<LeftOutHeadline>(result.LeftOut);
        foreach (var headline in result.Headlines)
        {
            var files = headline.Runs.ToHashSet(StringComparer.Ordinal);
            var limited = input.Runs.Where(r => files.Contains(r.Name))
                .SelectMany(r => ClientLimited.Findings(r.Result).Select(f => $"{r.Name}: {f.Code}"))
                .Distinct(StringComparer.Ordinal)
                .ToList();
            if (limited.Count > 0 && !input.Options.IncludeClientBound)
            {
                leftOut.Add(new LeftOutHeadline(headline, $"rests on runs that measured the client ({string.Join("; ", limited)}); --include-client-bound lets them in"));
                continue;
            }

            var units = input.Units.Where(u => u.Files.Any(files.Contains)).ToList();
            var unstated = Differences(units, headline.Studied).Where(d => !Mentions(headline.Statement, d.Key)).ToList();
            kept.Add(unstated.Count == 0 ? headline : headline with { Statement = $"{headline.Statement} [unlike: {string.Join("; ", unstated.Select(d => $"{d.Key} {string.Join(" vs ", d.Values)}"))}]" });
        }

        return result with { Headlines = kept, LeftOut = leftOut };
    }

    /// <summary>The labels (configuration labels only, the studied ones aside) whose values differ among the runs, with those values.</summary>
    public static IReadOnlyList<(string Key, IReadOnlyList<string> Values)> Differences(IReadOnlyList<AnalyzedRun> runs, IReadOnlyList<string> studied)
    {
        var labels = runs.Select(r => RunGroups.Without(r.Labels, [.. RunGroups.NotConfiguration, .. studied])).ToList();
        return RunGroups.VaryingKeys(labels)
            .Select(k => (k, (IReadOnlyList<string>)labels.Select(l => l.TryGetValue(k, out var v) ? v : "(none)").Distinct(StringComparer.Ordinal).Order(NumbersFirst.Instance).ToList()))
            .ToList();
    }

    /// <summary>True when the statement already names the label ("threads", "users" for threads; "think time" for think_time).</summary>
    private static bool Mentions(string statement, string key) =>
        statement.Contains(key, StringComparison.OrdinalIgnoreCase)
        || statement.Contains(key.Replace('_', ' '), StringComparison.OrdinalIgnoreCase)
        || (key == LabelKeys.Threads && statement.Contains("users", StringComparison.OrdinalIgnoreCase));

    /// <summary>Numeric values in numeric order ("2" before "16"), then the others in ordinal order.</summary>
    private sealed class NumbersFirst : IComparer<string>
    {
        public static readonly NumbersFirst Instance = new();

        public int Compare(string? x, string? y)
        {
            var nx = double.TryParse(x, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var a);
            var ny = double.TryParse(y, System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var b);
            return nx && ny ? a.CompareTo(b) : nx ? -1 : ny ? 1 : string.CompareOrdinal(x, y);
        }
    }
}
