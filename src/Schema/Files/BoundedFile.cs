using System.Globalization;
using System.Text;

namespace DvdStore.Schema.Files;

/// <summary>
/// Reads a text file the kit expects to be of modest size (a password, a result, a log) with a ceiling: a wrong file
/// (/dev/zero, a 100 MB dump) is read only up to the ceiling and reported, never read whole into memory.
/// </summary>
public static class BoundedFile
{
    /// <summary>A password or token file: a few hundred bytes in practice; cloud tokens stay under a few KB.</summary>
    public const int SecretChars = 64 * 1024;

    /// <summary>A result JSON or a DS3 log: a day's run at one interval a second stays well below this.</summary>
    public const int ResultChars = 256 * 1024 * 1024;

    private const int Chunk = 64 * 1024;

    /// <summary>The file's text, or null when it holds more than <paramref name="maxChars"/> characters.</summary>
    public static string? ReadAllText(string path, int maxChars)
    {
        using var reader = new StreamReader(path);
        var text = new StringBuilder();
        var buffer = new char[Chunk];
        int read;
        while ((read = reader.ReadBlock(buffer, 0, buffer.Length)) > 0)
        {
            if (text.Length + read > maxChars)
            {
                return null;
            }

            text.Append(buffer, 0, read);
        }

        return text.ToString();
    }

    /// <inheritdoc cref="ReadAllText"/>
    public static async Task<string?> ReadAllTextAsync(string path, int maxChars, CancellationToken cancellationToken)
    {
        using var reader = new StreamReader(path);
        var text = new StringBuilder();
        var buffer = new char[Chunk];
        int read;
        while ((read = await reader.ReadBlockAsync(buffer.AsMemory(), cancellationToken).ConfigureAwait(false)) > 0)
        {
            if (text.Length + read > maxChars)
            {
                return null;
            }

            text.Append(buffer, 0, read);
        }

        return text.ToString();
    }

    /// <summary>"256 MB", "64 KB": a ceiling as an error message says it.</summary>
    public static string Describe(int maxChars) =>
        maxChars >= 1024 * 1024
            ? string.Create(CultureInfo.InvariantCulture, $"{maxChars / 1024 / 1024} MB")
            : string.Create(CultureInfo.InvariantCulture, $"{maxChars / 1024} KB");
}
