using System.Net;
using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>The report document as one self-contained HTML file: every text encoded, charts embedded as base64 PNG, no external resources.</summary>
public static class HtmlReport
{
    private const string Style =
        "body{font-family:sans-serif;max-width:1250px;margin:2em auto;padding:0 1em;color:#222}"
        + "table{border-collapse:collapse;margin:1em 0;font-size:0.9em}th,td{border:1px solid #bbb;padding:3px 8px;text-align:left;vertical-align:top}"
        + "th{background:#eee}.num,td:first-child{white-space:nowrap}.num{text-align:right}.wide{overflow-x:auto;max-width:100%}img{max-width:100%;border:1px solid #ddd}"
        + ".missing{color:#a60;font-weight:bold}";

    public static string Render(ReportDocument document, IReadOnlyDictionary<ChartSpec, RenderedChart> charts)
    {
        var html = new StringBuilder();
        html.Append($"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{E(document.Title)}</title>\n<style>{Style}</style></head><body>\n");
        html.Append($"<h1>{E(document.Title)}</h1>\n");
        Blocks(html, document.Preamble, 2, charts);
        foreach (var section in document.Sections)
        {
            Section(html, section, 2, charts);
        }

        html.Append("</body></html>\n");
        return html.ToString();
    }

    private static void Section(StringBuilder html, ReportSection section, int level, IReadOnlyDictionary<ChartSpec, RenderedChart> charts)
    {
        html.Append($"<h{level}>{E(section.Title)}</h{level}>\n");
        Blocks(html, section.Blocks, level + 1, charts);
        foreach (var sub in section.Subsections)
        {
            Section(html, sub, level + 1, charts);
        }
    }

    private static void Blocks(StringBuilder html, IEnumerable<ReportBlock> blocks, int level, IReadOnlyDictionary<ChartSpec, RenderedChart> charts)
    {
        foreach (var block in blocks)
        {
            switch (block)
            {
                case ParagraphBlock p:
                    html.Append(p.Warning ? $"<p class=\"missing\">{E(p.Text)}</p>\n" : $"<p>{E(p.Text)}</p>\n");
                    break;
                case BulletsBlock b:
                    html.Append("<ul>").Append(string.Concat(b.Items.Select(i => $"<li>{E(i)}</li>"))).Append("</ul>\n");
                    break;
                case FileListBlock f:
                    html.Append("<ul>").Append(string.Concat(f.Files.Select(x => $"<li><code>{E(x.Path)}</code>: {E(x.Note)}</li>"))).Append("</ul>\n");
                    break;
                case FigureBlock f when charts.TryGetValue(f.Chart, out var rendered):
                    html.Append($"<p><img alt=\"{E(f.Chart.Title)}\" src=\"data:image/png;base64,{Convert.ToBase64String(rendered.Png)}\"></p>\n");
                    break;
                case TableBlock t:
                    Table(html, t.Table, Math.Min(level, 6));
                    break;
            }
        }
    }

    /// <summary>Text left, numbers right; a table wider than the page scrolls inside its own box instead of being cut.</summary>
    private static void Table(StringBuilder html, ReportTable table, int level)
    {
        var numeric = table.NumericColumns();
        string Cell(string tag, string text, int column) => numeric[column] ? $"<{tag} class=\"num\">{E(text)}</{tag}>" : $"<{tag}>{E(text)}</{tag}>";
        html.Append($"<h{level}>{E(table.Title)}</h{level}>\n<div class=\"wide\"><table><tr>");
        html.Append(string.Concat(table.Columns.Select((c, i) => Cell("th", c, i)))).Append("</tr>\n");
        foreach (var row in table.Rows)
        {
            html.Append("<tr>").Append(string.Concat(row.Select((c, i) => Cell("td", c.Length == 0 ? ReportTable.NoValue : c, i)))).Append("</tr>\n");
        }

        html.Append("</table></div>\n");
    }

    private static string E(string text) => WebUtility.HtmlEncode(text);
}
