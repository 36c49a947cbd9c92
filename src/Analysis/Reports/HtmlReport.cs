using System.Net;
using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>The report as one self-contained HTML file: charts embedded as base64 PNG, no external resources.</summary>
public static class HtmlReport
{
    public static string Render(AnalysisReport report)
    {
        var html = new StringBuilder();
        html.Append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>DvdStore analysis</title>\n<style>")
            .Append("body{font-family:sans-serif;max-width:1250px;margin:2em auto;padding:0 1em;color:#222}")
            .Append("table{border-collapse:collapse;margin:1em 0;font-size:0.9em}th,td{border:1px solid #bbb;padding:3px 8px;text-align:right}")
            .Append("th{background:#eee}td:first-child,th:first-child{text-align:left}img{max-width:100%;border:1px solid #ddd}")
            .Append(".missing{color:#a60}</style></head><body>\n<h1>DvdStore analysis</h1>\n");
        html.Append($"<p>{report.Runs.Count} run(s) from {E(string.Join(", ", report.Inputs))}; created {report.CreatedUtc.UtcDateTime:yyyy-MM-dd HH:mm} UTC.</p>\n");
        if (report.Skipped.Count > 0)
        {
            html.Append("<h2>Skipped files</h2><ul>");
            foreach (var s in report.Skipped)
            {
                html.Append($"<li><code>{E(s.Path)}</code>: {E(s.Reason)}</li>");
            }

            html.Append("</ul>\n");
        }

        foreach (var study in report.Studies)
        {
            html.Append($"<h2>{E(study.Title)}</h2>\n");
            if (study.Missing is not null)
            {
                html.Append($"<p class=\"missing\">Not computed: {E(study.Missing)}.</p>\n");
                continue;
            }

            html.Append("<ul>");
            foreach (var finding in study.Findings)
            {
                html.Append($"<li>{E(finding)}</li>");
            }

            html.Append("</ul>\n");
            foreach (var chart in study.Charts)
            {
                if (report.Charts.TryGetValue(chart, out var rendered))
                {
                    html.Append($"<p><img alt=\"{E(chart.Title)}\" src=\"data:image/png;base64,{Convert.ToBase64String(rendered.Png)}\"></p>\n");
                }
            }

            foreach (var table in study.Tables)
            {
                html.Append($"<h3>{E(table.Title)}</h3>\n<table><tr>");
                foreach (var column in table.Columns)
                {
                    html.Append($"<th>{E(column)}</th>");
                }

                html.Append("</tr>\n");
                foreach (var row in table.Rows)
                {
                    html.Append("<tr>");
                    foreach (var cell in row)
                    {
                        html.Append($"<td>{E(cell)}</td>");
                    }

                    html.Append("</tr>\n");
                }

                html.Append("</table>\n");
            }
        }

        html.Append("</body></html>\n");
        return html.ToString();
    }

    private static string E(string text) => WebUtility.HtmlEncode(text);
}
