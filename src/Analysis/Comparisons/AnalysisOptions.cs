using DvdStore.Schema;

namespace DvdStore.Analysis.Comparisons;

/// <summary>The user's analysis choices.</summary>
public sealed record AnalysisOptions
{
    /// <summary>
    /// The baseline of the studies that were not given one of their own (<see cref="Baselines"/>): a generation label
    /// value, a scale-out set name or a run's file name; empty = each study's default (the oldest/smallest).
    /// </summary>
    public string Baseline { get; init; } = "";

    /// <summary>Per study (its --study name): the run, set or label value that is 1.00 in that study alone.</summary>
    public IReadOnlyDictionary<string, string> Baselines { get; init; } = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);

    /// <summary>A thread step that adds less than this fraction of OPM ends the climb (peak finding).</summary>
    public double PeakThreshold { get; init; } = 0.05;

    /// <summary>Repeats whose coefficient of variation exceeds this (%) are flagged noisy.</summary>
    public double NoiseCvPercent { get; init; } = 5.0;

    /// <summary>
    /// Count Failed, Cancelled and Interrupted runs as repeats too. Off by default: a run that stopped early (0 OPM
    /// after a failure, 4 s of a cancelled run) is no measurement of its configuration; such runs are always listed.
    /// </summary>
    public bool IncludeUnfinished { get; init; }

    /// <summary>The workload to compare (its name, title, key or hash, as the report lists them); empty = the one with the most runs.</summary>
    public string Workload { get; init; } = "";

    /// <summary>The baseline of one study: its own, else the common one (the normalisation study has none by default).</summary>
    public string BaselineFor(string study) =>
        Baselines.TryGetValue(study, out var own) ? own : string.Equals(study, Normalization.StudyName, StringComparison.OrdinalIgnoreCase) ? "" : Baseline;

    /// <summary>
    /// These options with the --baseline values: <c>STUDY=VALUE</c> for one study (e.g. <c>scaleout=1x120vCPU</c>,
    /// <c>normalize=native</c>, <c>normalize=platform=native</c>), a bare VALUE for the others.
    /// </summary>
    public AnalysisOptions WithBaselines(IEnumerable<string> values)
    {
        var common = Baseline;
        var own = new Dictionary<string, string>(Baselines, StringComparer.OrdinalIgnoreCase);
        foreach (var text in values.Select(v => v.Trim()).Where(v => v.Length > 0))
        {
            var equals = text.IndexOf('=', StringComparison.Ordinal);
            var study = equals > 0 ? text[..equals].Trim() : "";
            if (StudyCatalog.All.Any(s => string.Equals(s.Name, study, StringComparison.OrdinalIgnoreCase)))
            {
                var value = text[(equals + 1)..].Trim();
                own[study] = value.Length > 0 ? value : throw new UserError($"--baseline '{text}' names no baseline; write e.g. --baseline {study}=NAME.");
            }
            else
            {
                common = text;
            }
        }

        return this with { Baseline = common, Baselines = own };
    }
}
