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
        Units = ScaleOutUnits.Combine(runs);
        Configurations = RunGroups.Configurations(Units);
    }

    public IReadOnlyList<AnalyzedRun> Runs { get; }

    /// <summary>The runs as the comparisons see them: each labelled scale-out set summed into one unit.</summary>
    public IReadOnlyList<AnalyzedRun> Units { get; }

    /// <summary>Units grouped into configurations (repeats together).</summary>
    public IReadOnlyList<RunGroup> Configurations { get; }

    public AnalysisOptions Options { get; }
}
