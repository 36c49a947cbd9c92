using System.Text.RegularExpressions;

namespace DvdStore.Analysis.Reports;

/// <summary>A table of a study: written as Markdown, HTML and one CSV file named after <see cref="FileName"/>.</summary>
public sealed partial record ReportTable(string Title, string FileName, IReadOnlyList<string> Columns, IReadOnlyList<IReadOnlyList<string>> Rows)
{
    /// <summary>What a reader sees in a cell with no value (the CSV keeps it empty): a blank reads as forgotten.</summary>
    public const string NoValue = "—";

    /// <summary>
    /// Whether each column holds numbers (every filled cell a number, with an optional sign, "±", "%" or "×"): those
    /// are right-aligned so digits line up, text is left-aligned.
    /// </summary>
    public IReadOnlyList<bool> NumericColumns() =>
        Columns.Select((_, i) => Rows.Select(r => i < r.Count ? r[i].Trim() : "").Where(c => c.Length > 0) is var cells && cells.Any() && cells.All(c => NumberCell().IsMatch(c))).ToList();

    [GeneratedRegex(@"^(± ?|[+\-−])?\d[\d,]*(\.\d+)?( ?%|×)?$", RegexOptions.CultureInvariant)]
    private static partial Regex NumberCell();
}
