using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>The report document as Markdown: every text escaped, tables linked to their CSV, charts linked from charts/.</summary>
public static class MarkdownReport
{
    public static string Render(ReportDocument document)
    {
        var md = new StringBuilder();
        md.Append("# ").Append(E(document.Title)).Append("\n\n");
        Blocks(md, document.Preamble, 2);
        foreach (var section in document.Sections)
        {
            Section(md, section, 2);
        }

        return md.ToString();
    }

    private static void Section(StringBuilder md, ReportSection section, int level)
    {
        md.Append('#', level).Append(' ').Append(E(section.Title)).Append("\n\n");
        Blocks(md, section.Blocks, level + 1);
        foreach (var sub in section.Subsections)
        {
            Section(md, sub, level + 1);
        }
    }

    private static void Blocks(StringBuilder md, IEnumerable<ReportBlock> blocks, int level)
    {
        foreach (var block in blocks)
        {
            switch (block)
            {
                case ParagraphBlock p:
                    md.Append(p.Warning ? "**" + E(p.Text) + "**" : E(p.Text)).Append("\n\n");
                    break;
                case BulletsBlock b:
                    md.Append(string.Concat(b.Items.Select(i => $"- {E(i)}\n"))).Append('\n');
                    break;
                case FileListBlock f:
                    md.Append(string.Concat(f.Files.Select(x => $"- {MarkdownText.Code(x.Path)}: {E(x.Note)}\n"))).Append('\n');
                    break;
                case FigureBlock f:
                    md.Append($"![{E(f.Chart.Title)}](charts/{f.Chart.FileName}.png)\n\n");
                    break;
                case TableBlock t:
                    Table(md, t.Table, level);
                    break;
            }
        }
    }

    private static void Table(StringBuilder md, ReportTable table, int level)
    {
        md.Append('#', Math.Min(level, 6)).Append(' ').Append(E(table.Title)).Append("\n\n");
        md.Append("| ").Append(string.Join(" | ", table.Columns.Select(E))).Append(" |\n");
        // Text left, numbers right (digits line up); an empty cell shows a dash, so it never reads as forgotten.
        md.Append('|').Append(string.Concat(table.NumericColumns().Select(n => n ? "---:|" : ":---|"))).Append('\n');
        foreach (var row in table.Rows)
        {
            md.Append("| ").Append(string.Join(" | ", row.Select(c => c.Length == 0 ? ReportTable.NoValue : E(c)))).Append(" |\n");
        }

        md.Append($"\n([tables/{table.FileName}.csv](tables/{table.FileName}.csv))\n\n");
    }

    private static string E(string text) => MarkdownText.Escape(text);
}
