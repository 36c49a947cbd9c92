namespace DvdStore.Analysis.Reports;

/// <summary>A table of a study: written as Markdown, HTML and one CSV file named after <see cref="FileName"/>.</summary>
public sealed record ReportTable(string Title, string FileName, IReadOnlyList<string> Columns, IReadOnlyList<IReadOnlyList<string>> Rows);
