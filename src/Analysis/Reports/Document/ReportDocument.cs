namespace DvdStore.Analysis.Reports;

/// <summary>
/// The report as one tree, built once from the analysis (<see cref="ReportDocumentBuilder"/>) and rendered by
/// <see cref="MarkdownReport"/> and <see cref="HtmlReport"/>; its tables are the CSV files and its figures the charts.
/// </summary>
public sealed record ReportDocument(string Title, IReadOnlyList<ReportBlock> Preamble, IReadOnlyList<ReportSection> Sections)
{
    public IEnumerable<ReportBlock> AllBlocks() => Preamble.Concat(Sections.SelectMany(s => s.AllBlocks()));

    public IEnumerable<ReportTable> Tables => AllBlocks().OfType<TableBlock>().Select(b => b.Table);

    public IEnumerable<ChartSpec> Charts => AllBlocks().OfType<FigureBlock>().Select(b => b.Chart);
}
