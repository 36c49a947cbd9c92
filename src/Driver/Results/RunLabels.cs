using System.Globalization;
using System.Text;
using DvdStore.Schema;

namespace DvdStore.Driver.Results;

/// <summary>
/// What a label (key=value recorded with a run and read back by analyze) may hold: a short single line. Labels end up in
/// table cells, file names of charts and CSV rows, so control characters and book-length values are refused where a
/// label enters (run, sweep, analyze --label) and where analyze reads one from a file.
/// </summary>
public static class RunLabels
{
    public const int MaxLength = 256;

    /// <summary>Throws a one-line <see cref="UserError"/> naming the label and <paramref name="where"/> when it breaks a rule.</summary>
    public static void Check(string key, string value, string where)
    {
        var problem = Problem(key, value);
        if (problem is not null)
        {
            throw new UserError($"label {Show(key)}={Show(value)} ({where}) {problem}; give a label of at most {MaxLength} characters on one line, e.g. --label vcpus=96.");
        }
    }

    /// <summary>Why the label is refused, or null when it is fine.</summary>
    public static string? Problem(string key, string value)
    {
        if (key.Length == 0)
        {
            return "has no key";
        }

        foreach (var (part, text) in new[] { ("key", key), ("value", value) })
        {
            if (text.Length > MaxLength)
            {
                return string.Create(CultureInfo.InvariantCulture, $"has a {part} of {text.Length} characters (at most {MaxLength})");
            }

            if (text.Any(char.IsControl))
            {
                return $"has a control character (a line break, tab, …) in its {part}";
            }

            if (text.Any(IsBidiControl))
            {
                return $"has a bidirectional-text control character (e.g. U+202E right-to-left override, which reorders what a report shows) in its {part}";
            }
        }

        return null;
    }

    /// <summary>Unicode's explicit direction marks, embeddings, overrides and isolates (U+061C, U+200E–F, U+202A–E, U+2066–9).</summary>
    private static bool IsBidiControl(char c) => c is '\u061C' or '\u200E' or '\u200F' or (>= '\u202A' and <= '\u202E') or (>= '\u2066' and <= '\u2069');

    /// <summary>The label as it may be printed in an error: control characters spelled out, long text cut.</summary>
    public static string Show(string text)
    {
        var shown = new StringBuilder();
        foreach (var c in text.Length > 40 ? text[..40] : text)
        {
            shown.Append(char.IsControl(c) || IsBidiControl(c) ? string.Create(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}") : c.ToString());
        }

        return text.Length > 40 ? shown.Append('…').ToString() : shown.ToString();
    }
}
