using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>The runs and the user's choices every study works from.</summary>
public sealed class StudyInput
{
    public StudyInput(IReadOnlyList<AnalyzedRun> runs, AnalysisOptions options)
    {
        Runs = runs;
        Options = options;
        Configurations = RunGroups.Configurations(runs);
    }

    public IReadOnlyList<AnalyzedRun> Runs { get; }

    /// <summary>Runs grouped into configurations (repeats together).</summary>
    public IReadOnlyList<RunGroup> Configurations { get; }

    public AnalysisOptions Options { get; }
}
