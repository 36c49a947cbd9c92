namespace DvdStore.Analysis.Reports;

/// <summary>
/// One piece of a report section, independent of how it is written: Markdown and HTML render the same blocks, so
/// the two reports can never say different things. All text is plain (never markup): each renderer escapes it.
/// </summary>
public abstract record ReportBlock;

/// <summary>A sentence or two; <see cref="Warning"/> marks text a reader must not miss (a study not computed).</summary>
public sealed record ParagraphBlock(string Text, bool Warning = false) : ReportBlock;

/// <summary>A bulleted list, e.g. a study's findings.</summary>
public sealed record BulletsBlock(IReadOnlyList<string> Items) : ReportBlock;

/// <summary>Files with a note each (skipped inputs): paths shown literally.</summary>
public sealed record FileListBlock(IReadOnlyList<(string Path, string Note)> Files) : ReportBlock;

/// <summary>A table, also written as tables/<c>FileName</c>.csv.</summary>
public sealed record TableBlock(ReportTable Table) : ReportBlock;

/// <summary>A chart, written as charts/<c>FileName</c>.png and .svg and embedded in the HTML.</summary>
public sealed record FigureBlock(ChartSpec Chart) : ReportBlock;
