using DvdStore.Analysis.Reading;

namespace DvdStore.Analysis.Reports;

/// <summary>Everything a report shows: the inputs, what was skipped and why, and each study's result with its charts drawn.</summary>
public sealed record AnalysisReport(
    IReadOnlyList<string> Inputs,
    IReadOnlyList<AnalyzedRun> Runs,
    IReadOnlyList<SkippedFile> Skipped,
    IReadOnlyList<StudyResult> Studies,
    IReadOnlyDictionary<ChartSpec, RenderedChart> Charts,
    DateTimeOffset CreatedUtc);
