using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Comparisons;

/// <summary>The runs and the user's choices every study works from.</summary>
public sealed class StudyInput
{
    public StudyInput(IReadOnlyList<AnalyzedRun> runs, AnalysisOptions options)
    {
        Runs = runs;
        Options = options;
        // Unfinished runs stay listed (Runs) but are no repeats unless asked for.
        // An unfinished member leaves its set before the set is summed: the set is what finished of it.
        Units = ScaleOutUnits.Combine(runs.Where(r => options.IncludeUnfinished || r.Result.Outcome == RunOutcome.Completed).ToList());
        Configurations = RunGroups.Configurations(Units);
    }

    public IReadOnlyList<AnalyzedRun> Runs { get; }

    /// <summary>
    /// The runs as the comparisons see them: each labelled scale-out set summed into one unit; only completed runs unless
    /// <see cref="AnalysisOptions.IncludeUnfinished"/>.
    /// </summary>
    public IReadOnlyList<AnalyzedRun> Units { get; }

    /// <summary>Units grouped into configurations (repeats together).</summary>
    public IReadOnlyList<RunGroup> Configurations { get; }

    public AnalysisOptions Options { get; }
}
