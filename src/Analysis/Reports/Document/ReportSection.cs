namespace DvdStore.Analysis.Reports;

/// <summary>A titled part of a report (a study, the system under test, …), with its blocks and sub-sections.</summary>
public sealed record ReportSection(string Title, IReadOnlyList<ReportBlock> Blocks)
{
    public IReadOnlyList<ReportSection> Subsections { get; init; } = [];

    /// <summary>Every block of this section and its sub-sections, in reading order.</summary>
    public IEnumerable<ReportBlock> AllBlocks() => Blocks.Concat(Subsections.SelectMany(s => s.AllBlocks()));
}
