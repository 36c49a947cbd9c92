using DvdStore.Schema;

namespace DvdStore.Driver.Parameters;

/// <summary>
/// Reads a config file's lines, at most <see cref="MaxChars"/> of them: a config is a few hundred bytes, so a larger
/// file (a 100 MB log, /dev/zero) is the wrong file and is refused in one line, never read whole or echoed.
/// </summary>
internal static class ConfigFileText
{
    public const int MaxChars = 1024 * 1024;

    /// <summary>True when the file's first non-blank character opens a JSON object (else: DS3's name=value lines).</summary>
    public static bool IsJson(string path) =>
        Lines(path).Select(static line => line.TrimStart()).FirstOrDefault(static line => line.Length > 0)?.StartsWith('{') == true;

    public static IReadOnlyList<string> Lines(string path)
    {
        try
        {
            using var reader = new StreamReader(path);
            var buffer = new char[MaxChars + 1];
            var read = reader.ReadBlock(buffer, 0, buffer.Length);
            if (read > MaxChars)
            {
                throw new UserError($"config file {path} holds more than {MaxChars / 1024 / 1024} MB; a config file is a few name=value lines (is it the right file?).");
            }

            return new string(buffer, 0, read).Split('\n').Select(static line => line.TrimEnd('\r')).ToArray();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or ArgumentException or NotSupportedException)
        {
            throw new UserError($"cannot read config file {path}: {e.Message.Split('\n', 2)[0].Trim()}");
        }
    }
}
