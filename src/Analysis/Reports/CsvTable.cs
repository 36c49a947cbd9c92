using System.Globalization;
using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// A <see cref="ReportTable"/> as RFC 4180 CSV (quotes only where needed). A text cell a spreadsheet would run as a
/// formula (starting with =, +, -, @, tab or carriage return, e.g. a label <c>=HYPERLINK(…)</c>) gets a leading <c>'</c>;
/// numbers such as -3.5 stay numbers.
/// </summary>
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

    private static string Quote(string cell)
    {
        cell = Neutralised(cell);
        return cell.IndexOfAny([',', '"', '\n', '\r']) >= 0 ? "\"" + cell.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"" : cell;
    }

    private static string Neutralised(string cell) =>
        cell.Length > 0 && "=+-@\t\r".Contains(cell[0], StringComparison.Ordinal)
            && !double.TryParse(cell, NumberStyles.Float, CultureInfo.InvariantCulture, out _)
            ? "'" + cell
            : cell;
}
