using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>A <see cref="ReportTable"/> as RFC 4180 CSV (quotes only where needed).</summary>
public static class CsvTable
{
    public static string Render(ReportTable table)
    {
        var csv = new StringBuilder();
        csv.Append(string.Join(',', table.Columns.Select(Quote))).Append('\n');
        foreach (var row in table.Rows)
        {
            csv.Append(string.Join(',', row.Select(Quote))).Append('\n');
        }

        return csv.ToString();
    }

    private static string Quote(string cell) =>
        cell.IndexOfAny([',', '"', '\n', '\r']) >= 0 ? "\"" + cell.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"" : cell;
}
