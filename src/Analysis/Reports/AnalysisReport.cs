using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// Everything a report shows: the inputs, what was skipped and why, each study's result, the one report
/// <see cref="Document"/> built from them (rendered to Markdown and HTML alike) and its charts drawn.
/// </summary>
public sealed record AnalysisReport(
    IReadOnlyList<string> Inputs,
    IReadOnlyList<AnalyzedRun> Runs,
    IReadOnlyList<SkippedFile> Skipped,
    IReadOnlyList<StudyResult> Studies,
    AnalysisOptions Options,
    ReportDocument Document,
    IReadOnlyDictionary<ChartSpec, RenderedChart> Charts,
    DateTimeOffset CreatedUtc)
{
    /// <summary>The workload compared (its runs are <see cref="Runs"/>) and the runs of other workloads, listed apart.</summary>
    public WorkloadPartition Workloads { get; init; } = WorkloadPartition.Of(Runs);
}
