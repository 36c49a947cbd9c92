namespace DvdStore.Analysis.Reading;

/// <summary>A file that was not analysed, and the one-line reason why.</summary>
public sealed record SkippedFile(string Path, string Reason);
