namespace DvdStore.Analysis.Reading;

/// <summary>
/// An automatic label never collides with a user's label of another meaning. The generation derived from a run's CPU
/// model ("AMD EPYC 7B13") and a generation the user named for runs on that same CPU model ("EPYC-shared") are one
/// machine under two names: set side by side they would be a "generation gain" of a machine over itself. The derived
/// value gives way to the user's name; when the user gave that CPU model several names, to none (the run is then no
/// generation's, rather than a wrong one's).
/// </summary>
internal static class AutomaticLabels
{
    public static List<AnalyzedRun> Reconcile(IReadOnlyList<AnalyzedRun> runs)
    {
        var named = runs.Where(r => Model(r).Length > 0 && r.Label(LabelKeys.Generation).Length > 0 && !DerivedGeneration(r))
            .GroupBy(Model, StringComparer.Ordinal)
            .ToDictionary(g => g.Key, g => g.Select(r => r.Label(LabelKeys.Generation)).Distinct(StringComparer.Ordinal).ToList(), StringComparer.Ordinal);
        return runs.Select(r => DerivedGeneration(r) && named.TryGetValue(Model(r), out var names) ? r.WithLabels(Generation(r.Labels, names)) : r).ToList();
    }

    /// <summary>The server's CPU model as the run recorded it (only when the driver ran on the database machine).</summary>
    private static string Model(AnalyzedRun run) =>
        ContextLabels.DriverOnDatabaseMachine(run.Result) ? run.Result.Context.Client.CpuModel.Trim() : "";

    /// <summary>True when the run's generation is the one derived from its CPU model, not one the run or the user set.</summary>
    private static bool DerivedGeneration(AnalyzedRun run) =>
        !run.Result.Context.Labels.ContainsKey(LabelKeys.Generation) && Model(run).Length > 0 && run.Label(LabelKeys.Generation) == Model(run);

    private static Dictionary<string, string> Generation(IReadOnlyDictionary<string, string> labels, IReadOnlyList<string> names)
    {
        var result = new Dictionary<string, string>(labels, StringComparer.OrdinalIgnoreCase);
        if (names.Count == 1)
        {
            result[LabelKeys.Generation] = names[0];
        }
        else
        {
            result.Remove(LabelKeys.Generation);
        }

        return result;
    }
}
