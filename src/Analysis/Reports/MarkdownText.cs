using System.Text;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// Text from runs (labels, file names, findings) made inert in Markdown: HTML such as <c>&lt;script&gt;</c> or
/// <c>&lt;img onerror=…&gt;</c> shows as text, <c>|</c> cannot split a table cell, a line break cannot start a new
/// block (a <c># Heading</c>), and emphasis, links and code spans cannot open.
/// </summary>
public static class MarkdownText
{
    public static string Escape(string text)
    {
        var escaped = new StringBuilder(text.Length + 8);
        foreach (var c in text)
        {
            switch (c)
            {
                case '<':
                    escaped.Append("&lt;");
                    break;
                case '>':
                    escaped.Append("&gt;");
                    break;
                case '&':
                    escaped.Append("&amp;");
                    break;
                case '\\' or '`' or '*' or '_' or '[' or ']' or '|' or '#' or '!' or '~':
                    escaped.Append('\\').Append(c);
                    break;
                case var _ when char.IsControl(c):
                    escaped.Append(' ');
                    break;
                default:
                    escaped.Append(c);
                    break;
            }
        }

        return escaped.ToString();
    }

    /// <summary>A path or name as a code span: shown literally, with no backtick or line break to end it early.</summary>
    public static string Code(string text) =>
        "`" + new string(text.Select(static c => c == '`' ? '\'' : char.IsControl(c) ? ' ' : c).ToArray()) + "`";
}
