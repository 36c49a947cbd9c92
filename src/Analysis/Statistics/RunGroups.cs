using DvdStore.Analysis.Reading;

namespace DvdStore.Analysis.Statistics;

/// <summary>Groups runs into configurations (repeats together) and configurations into comparable series.</summary>
public static class RunGroups
{
    /// <summary>Labels that never make two runs different configurations (a sweep's detail labels are summed up in vcpus/smt/affinity/numa).</summary>
    public static readonly IReadOnlyList<string> NotConfiguration = [LabelKeys.Host, .. SweepKeys.All];

    public static IReadOnlyList<RunGroup> Configurations(IEnumerable<AnalyzedRun> runs) =>
        runs.GroupBy(r => Key(r.Labels, NotConfiguration) + Shape(r.Instances), StringComparer.Ordinal)
            .Select(g => new RunGroup(Without(g.First().Labels, NotConfiguration), g.ToList()))
            .OrderBy(g => g.Describe(), NaturalOrder.Instance)
            .ToList();

    /// <summary>
    /// Groups configurations by all their labels except <paramref name="ignored"/>, and by their shape (one system, or a
    /// scale-out set of N): a series never mixes one VM with several that ran together.
    /// </summary>
    public static IEnumerable<IGrouping<string, RunGroup>> SeriesBy(IEnumerable<RunGroup> groups, params string[] ignored) =>
        groups.GroupBy(g => Key(g.Labels, ignored) + Shape(g.Instances), StringComparer.Ordinal).OrderBy(g => g.Key, NaturalOrder.Instance);

    /// <summary>Like <see cref="SeriesBy"/>, but one system and a set of several may meet (e.g. two VMs with SMT on against one without).</summary>
    public static IEnumerable<IGrouping<string, RunGroup>> SeriesByLabels(IEnumerable<RunGroup> groups, params string[] ignored) =>
        groups.GroupBy(g => Key(g.Labels, ignored), StringComparer.Ordinal).OrderBy(g => g.Key, NaturalOrder.Instance);

    private static string Shape(int instances) => instances == 1 ? "" : $"\u001einstances={instances}";

    /// <summary>Of several configurations that differ only in thread count, the one with the best mean OPM (the peak).</summary>
    public static RunGroup Best(IEnumerable<RunGroup> groups) => groups.OrderByDescending(g => g.Opm.Mean).First();

    /// <summary>Label keys whose values differ between runs (the ones worth printing).</summary>
    public static IReadOnlyList<string> VaryingKeys(IEnumerable<IReadOnlyDictionary<string, string>> labelSets)
    {
        var sets = labelSets.ToList();
        var keys = sets.SelectMany(s => s.Keys).Distinct(StringComparer.OrdinalIgnoreCase).Order(StringComparer.Ordinal);
        return keys.Where(k => sets.Select(s => s.TryGetValue(k, out var v) ? v : "").Distinct(StringComparer.Ordinal).Count() > 1).ToList();
    }

    public static string Describe(IReadOnlyDictionary<string, string> labels, IEnumerable<string>? keys = null)
    {
        var selected = (keys ?? labels.Keys.Order(StringComparer.Ordinal)).Where(labels.ContainsKey);
        var text = string.Join(", ", selected.Select(k => $"{k}={labels[k]}"));
        return text.Length == 0 ? "(all runs)" : text;
    }

    public static string Key(IReadOnlyDictionary<string, string> labels, IEnumerable<string> ignored)
    {
        var skip = new HashSet<string>(ignored, StringComparer.OrdinalIgnoreCase);
        return string.Join('\u001f', labels.Where(p => !skip.Contains(p.Key)).OrderBy(p => p.Key, StringComparer.OrdinalIgnoreCase).Select(p => $"{p.Key.ToLowerInvariant()}={p.Value}"));
    }

    public static IReadOnlyDictionary<string, string> Without(IReadOnlyDictionary<string, string> labels, IEnumerable<string> ignored)
    {
        var skip = new HashSet<string>(ignored, StringComparer.OrdinalIgnoreCase);
        return labels.Where(p => !skip.Contains(p.Key)).ToDictionary(p => p.Key, p => p.Value, StringComparer.OrdinalIgnoreCase);
    }
}
