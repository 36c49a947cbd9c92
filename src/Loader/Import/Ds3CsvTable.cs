using System.Globalization;
using DvdStore.Loader.Generation;
using DvdStore.Schema;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Import;

/// <summary>
/// One table read from DS3's data files (docs/ds3-compatibility.md, "Data files"): comma-separated, no header, no quoting, LF or CR LF line
/// ends, dates YYYY/MM/DD, money with a decimal point, numbers possibly padded with spaces (PRICE is printed %5.2f).
/// Each file is one chunk, so a table split over several files (customers, the twelve months of orders) loads as
/// several bulk streams. An empty field is NULL where the column allows NULL and '' in a required text column, on
/// every engine (docs/ds3-compatibility.md, "All engines": empty ADDRESS2 and STATE).
/// No library: the format has no quoting, so splitting on commas is exact, and a CSV parser's quote and comment rules
/// would only misread a field that starts with '"' or '#'.
/// </summary>
public sealed class Ds3CsvTable(TableSpec table, IReadOnlyList<string> files, string root) : IRowSource
{
    public TableSpec Table => table;

    public long ChunkCount => files.Count;

    /// <summary>An estimate for progress (file bytes over the first lines' average length); the load counts the real rows.</summary>
    public long ExpectedRows { get; } = Estimate(files, root);

    /// <summary>A file's rows follow no key range: a load from files is not resumed.</summary>
    public ChunkKey? ChunkKey => null;

    /// <summary>The files, relative to the data folder, in load order.</summary>
    public IReadOnlyList<string> Files => files;

    /// <summary>
    /// The longest line read: DS3's longest row (a review, its 1,000-character text and the other fields) is far shorter;
    /// a longer line is a wrong or binary file and is refused without being held whole.
    /// </summary>
    public const int MaxLineChars = 64 * 1024;

    public IEnumerable<object?[]> Chunk(long index)
    {
        var path = files[(int)index];
        var name = Path.GetRelativePath(root, path);
        using var reader = Open(path, name);
        var lines = new BoundedLineReader(reader, MaxLineChars);
        long lineNumber = 0;
        while (Next(lines, name, lineNumber + 1) is { } line)
        {
            lineNumber++;
            if (line.Length == 0 || line.Span is ['\r'])
            {
                continue;
            }

            yield return Parse(line.Span, name, lineNumber);
        }
    }

    /// <summary>One line's fields as row values of the table's column types.</summary>
    public object?[] Parse(string line, string file, long lineNumber) => Parse(line.AsSpan(), file, lineNumber);

    private object?[] Parse(ReadOnlySpan<char> line, string file, long lineNumber)
    {
        var columns = table.Columns;
        var row = new object?[columns.Count];
        var span = line;
        var column = 0;
        while (true)
        {
            var comma = span.IndexOf(',');
            var field = comma < 0 ? span : span[..comma];
            if (column == columns.Count)
            {
                throw Error(file, lineNumber, $"more than the {columns.Count} fields of {table.Name}");
            }

            row[column] = Value(columns[column], field, file, lineNumber);
            column++;
            if (comma < 0)
            {
                break;
            }

            span = span[(comma + 1)..];
        }

        return column == columns.Count ? row : throw Error(file, lineNumber, $"{column} fields, {table.Name} has {columns.Count}");
    }

    private static object? Value(ColumnSpec column, ReadOnlySpan<char> field, string file, long lineNumber)
    {
        if (field.Length > 0 && field[^1] == '\r')
        {
            field = field[..^1];
        }

        if (field.IsEmpty)
        {
            return column.Nullable ? null
                : column.Type == ColumnType.VarChar ? ""
                : throw Error(file, lineNumber, $"{column.Name} is empty but may not be NULL");
        }

        var inv = CultureInfo.InvariantCulture;
        // DS3's generators print numbers with C widths (PRICE as %5.2f: " 9.99"), so a number may carry padding spaces.
        const NumberStyles whole = NumberStyles.AllowLeadingSign | NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite;
        object? value = column.Type switch
        {
            ColumnType.SmallInt => short.TryParse(field, whole, inv, out var s) ? s : null,
            ColumnType.Integer => int.TryParse(field, whole, inv, out var i) ? i : null,
            ColumnType.BigInt => long.TryParse(field, whole, inv, out var l) ? l : null,
            ColumnType.Money => decimal.TryParse(field, whole | NumberStyles.AllowDecimalPoint, inv, out var m) ? m : null,
            ColumnType.Date => DateTime.TryParseExact(field, ["yyyy'/'MM'/'dd", "yyyy'-'MM'-'dd"], inv, DateTimeStyles.None, out var d) ? d : null,
            _ => field.Length <= column.Length ? field.ToString() : null,
        };
        return value ?? throw Error(file, lineNumber, column.Type == ColumnType.VarChar
            ? $"{column.Name} has {field.Length} characters, the column holds {column.Length}"
            : $"{column.Name} '{Cut(field)}' is not a {column.Type.ToString().ToLowerInvariant()}");
    }

    /// <summary>A field as an error may quote it: at most 60 characters.</summary>
    private static string Cut(ReadOnlySpan<char> field) => field.Length <= 60 ? field.ToString() : string.Concat(field[..60], "…");

    private static ReadOnlyMemory<char>? Next(BoundedLineReader lines, string file, long lineNumber)
    {
        try
        {
            if (lines.Next(out var line))
            {
                return line;
            }
        }
        catch (IOException e)
        {
            throw Unreadable(file, e);
        }

        return lines.TooLong ? throw Error(file, lineNumber, $"a line longer than {MaxLineChars / 1024} K characters (a binary or foreign file)") : null;
    }

    private static StreamReader Open(string path, string file)
    {
        try
        {
            return new StreamReader(path, System.Text.Encoding.UTF8, detectEncodingFromByteOrderMarks: true, 1 << 16);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw Unreadable(file, e);
        }
    }

    private static UserError Unreadable(string file, Exception e) =>
        new($"--from-csv: cannot read {file} ({e.Message.Split('\n', 2)[0].Trim().TrimEnd('.')}); give a folder of readable DS3 data files.");

    private static UserError Error(string file, long lineNumber, string what) =>
        new(string.Create(CultureInfo.InvariantCulture, $"{file} line {lineNumber}: {what}; expected DS3's data file layout (no header, no quoting)."));

    private static long Estimate(IReadOnlyList<string> files, string root)
    {
        var file = files.Count == 0 ? "" : Path.GetRelativePath(root, files[0]);
        try
        {
            var bytes = files.Sum(f => new FileInfo(f).Length);
            if (bytes == 0)
            {
                return 0;
            }

            using var reader = Open(files[0], file);
            var lines = new BoundedLineReader(reader, MaxLineChars);
            long sampled = 0;
            var count = 0;
            while (count < 1000 && lines.Next(out var line))
            {
                sampled += line.Length + 1;
                count++;
            }

            // A first line over the limit: the estimate is the file's size; the load then refuses that line.
            return count == 0 ? bytes / Math.Max(1, MaxLineChars) : bytes * count / Math.Max(1, sampled);
        }
        catch (IOException e)
        {
            // A symlink to itself (ELOOP), a file that vanished: named here, at open, rather than as a crash.
            throw Unreadable(file, e);
        }
    }
}
