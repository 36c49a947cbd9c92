using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>The report as Markdown: findings, tables and the PNG charts (linked from charts/).</summary>
public static class MarkdownReport
{
    public static string Render(AnalysisReport report)
    {
        var md = new StringBuilder();
        md.Append("# DvdStore analysis\n\n");
        md.Append($"{report.Runs.Count} run(s) from {string.Join(", ", report.Inputs.Select(MarkdownText.Code))}; created {report.CreatedUtc.UtcDateTime:yyyy-MM-dd HH:mm} UTC.\n\n");
        if (report.Skipped.Count > 0)
        {
            md.Append("## Skipped files\n\n");
            foreach (var s in report.Skipped)
            {
                md.Append($"- {MarkdownText.Code(s.Path)}: {E(s.Reason)}\n");
            }

            md.Append('\n');
        }

        foreach (var study in report.Studies)
        {
            md.Append($"## {E(study.Title)}\n\n");
            if (study.Missing is not null)
            {
                md.Append($"Not computed: {E(study.Missing)}.\n\n");
                continue;
            }

            foreach (var finding in study.Findings)
            {
                md.Append($"- {E(finding)}\n");
            }

            md.Append('\n');
            foreach (var chart in study.Charts)
            {
                md.Append($"![{E(chart.Title)}](charts/{chart.FileName}.png)\n\n");
            }

            foreach (var table in study.Tables)
            {
                md.Append($"### {E(table.Title)}\n\n");
                md.Append("| ").Append(string.Join(" | ", table.Columns.Select(E))).Append(" |\n");
                md.Append('|').Append(string.Concat(table.Columns.Select(_ => "---|"))).Append('\n');
                foreach (var row in table.Rows)
                {
                    md.Append("| ").Append(string.Join(" | ", row.Select(E))).Append(" |\n");
                }

                md.Append($"\n([tables/{table.FileName}.csv](tables/{table.FileName}.csv))\n\n");
            }
        }

        return md.ToString();
    }

    private static string E(string text) => MarkdownText.Escape(text);
}
