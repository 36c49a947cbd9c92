using System.Globalization;
using System.Text;

namespace DvdStore.Cli;

/// <summary>
/// The one "error: …" line a user mistake gets: at most <see cref="MaxChars"/> characters, and control characters
/// (a binary file's NUL or BEL, a line break inside a quoted field) spelled out as \uXXXX, so a wrong file never rings
/// the terminal, breaks the line or fills the screen.
/// </summary>
internal static class ErrorLine
{
    public const int MaxChars = 400;

    private const string Prefix = "error: ";

    public static string Of(string message)
    {
        var line = new StringBuilder(Prefix, MaxChars + 16);
        foreach (var c in message.AsSpan().TrimEnd())
        {
            if (line.Length >= MaxChars - 1)
            {
                return line.ToString(0, MaxChars - 1) + "…";
            }

            line.Append(char.IsControl(c) ? string.Create(CultureInfo.InvariantCulture, $"\\u{(int)c:x4}") : c.ToString());
        }

        return line.Length <= MaxChars ? line.ToString() : line.ToString(0, MaxChars - 1) + "…";
    }
}
