using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>The report as Markdown: findings, tables and the PNG charts (linked from charts/).</summary>
public static class MarkdownReport
{
    public static string Render(AnalysisReport report)
    {
        var md = new StringBuilder();
        md.Append("# DvdStore analysis\n\n");
        md.Append($"{report.Runs.Count} run(s) from {string.Join(", ", report.Inputs.Select(i => $"`{i}`"))}; created {report.CreatedUtc.UtcDateTime:yyyy-MM-dd HH:mm} UTC.\n\n");
        if (report.Skipped.Count > 0)
        {
            md.Append("## Skipped files\n\n");
            foreach (var s in report.Skipped)
            {
                md.Append($"- `{s.Path}`: {s.Reason}\n");
            }

            md.Append('\n');
        }

        foreach (var study in report.Studies)
        {
            md.Append($"## {study.Title}\n\n");
            if (study.Missing is not null)
            {
                md.Append($"Not computed: {study.Missing}.\n\n");
                continue;
            }

            foreach (var finding in study.Findings)
            {
                md.Append($"- {finding}\n");
            }

            md.Append('\n');
            foreach (var chart in study.Charts)
            {
                md.Append($"![{chart.Title}](charts/{chart.FileName}.png)\n\n");
            }

            foreach (var table in study.Tables)
            {
                md.Append($"### {table.Title}\n\n");
                md.Append("| ").Append(string.Join(" | ", table.Columns)).Append(" |\n");
                md.Append('|').Append(string.Concat(table.Columns.Select(_ => "---|"))).Append('\n');
                foreach (var row in table.Rows)
                {
                    md.Append("| ").Append(string.Join(" | ", row.Select(Escape))).Append(" |\n");
                }

                md.Append($"\n([tables/{table.FileName}.csv](tables/{table.FileName}.csv))\n\n");
            }
        }

        return md.ToString();
    }

    private static string Escape(string cell) => cell.Replace("|", "\\|", StringComparison.Ordinal);
}
