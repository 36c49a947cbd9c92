namespace DvdStore.Analysis.Reading;

/// <summary>Every run read from the inputs, and every file that could not be read.</summary>
public sealed record LoadedRuns(IReadOnlyList<AnalyzedRun> Runs, IReadOnlyList<SkippedFile> Skipped);
