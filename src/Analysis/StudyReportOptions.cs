using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;

namespace DvdStore.Analysis;

/// <summary>What <see cref="StudyReport"/> computes: the studies, the analysis choices and the label overrides.</summary>
public sealed record StudyReportOptions
{
    public IReadOnlyList<IStudy> Studies { get; init; } = StudyCatalog.All;

    public AnalysisOptions Analysis { get; init; } = new();

    public IReadOnlyList<LabelOverride> Overrides { get; init; } = [];
}
