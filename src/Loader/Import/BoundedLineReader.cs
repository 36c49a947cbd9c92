namespace DvdStore.Loader.Import;

/// <summary>
/// Lines of a text file, each at most <paramref name="maxChars"/> characters (a '\n' ends a line; a '\r' before it stays,
/// as with <see cref="TextReader.ReadLine"/> on DS3's CR LF files it would not: callers trim it). A longer line is not
/// held whole: <see cref="Next"/> returns false with <see cref="TooLong"/> set, so a 50 MB line of a wrong file costs
/// one buffer, not the line. Lines are found by a vectorised search of a block, as fast as ReadLine.
/// </summary>
internal sealed class BoundedLineReader(TextReader reader, int maxChars)
{
    private readonly char[] buffer = new char[Math.Max(maxChars + 1, 64 * 1024)];
    private int start;
    private int end;
    private bool ended;

    /// <summary>True when the last <see cref="Next"/> stopped at a line longer than the limit.</summary>
    public bool TooLong { get; private set; }

    /// <summary>The next line (without its '\n'); false at the end of the file or at a line over the limit.</summary>
    public bool Next(out ReadOnlyMemory<char> line)
    {
        var searched = 0;
        while (true)
        {
            var newline = buffer.AsSpan(start + searched, end - start - searched).IndexOf('\n');
            if (newline >= 0)
            {
                var length = searched + newline;
                line = buffer.AsMemory(start, length);
                start += length + 1;
                return Fits(length);
            }

            searched = end - start;
            if (ended)
            {
                line = buffer.AsMemory(start, searched);
                start = end;
                return searched > 0 && Fits(searched);
            }

            if (searched > maxChars)
            {
                line = default;
                return Fits(searched);
            }

            if (start > 0)
            {
                Array.Copy(buffer, start, buffer, 0, searched);
                (start, end) = (0, searched);
            }

            var read = reader.Read(buffer, end, buffer.Length - end);
            ended = read == 0;
            end += read;
        }
    }

    private bool Fits(int length)
    {
        TooLong = length > maxChars;
        return !TooLong;
    }
}
