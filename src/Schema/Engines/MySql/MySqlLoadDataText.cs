using System.Buffers;
using System.Text;

namespace DvdStore.Schema.Engines.MySql;

/// <summary>
/// Rows as LOAD DATA reads them by default (FIELDS TERMINATED BY '\t' ESCAPED BY '\\', LINES TERMINATED BY '\n'),
/// UTF-8: a tab between values, LF after each row, NULL as \N; in text, backslash, tab, LF, CR and NUL are written
/// as \\, \t, \n, \r and \0. Numbers and dates go straight from the value to UTF-8, invariant (no strings made).
/// </summary>
public sealed class MySqlLoadDataText(TableSpec table)
{
    private static readonly SearchValues<char> Escaped = SearchValues.Create("\\\t\n\r\0");

    /// <summary>Room for any number or date in text (a decimal needs at most 31 characters).</summary>
    private const int MaxScalarBytes = 32;

    private readonly ColumnType[] _types = table.Columns.Select(c => c.Type).ToArray();

    /// <summary>At least the bytes <see cref="EncodeRow"/> writes for this row.</summary>
    public int MaxRowBytes(object?[] row)
    {
        ArgumentNullException.ThrowIfNull(row);
        var bytes = 0;
        foreach (var value in row)
        {
            // An escaped character (ASCII) takes 2 bytes, fewer than GetMaxByteCount allows for it.
            bytes += 1 + (value is string s ? Encoding.UTF8.GetMaxByteCount(s.Length) : MaxScalarBytes);
        }

        return bytes;
    }

    /// <summary>Writes the row at <paramref name="at"/>; returns the position after its LF.</summary>
    public int EncodeRow(object?[] row, Span<byte> buffer, int at)
    {
        ArgumentNullException.ThrowIfNull(row);
        if (row.Length != _types.Length)
        {
            throw new ArgumentException($"a {table.Name} row has {row.Length} values; the table has {_types.Length} columns", nameof(row));
        }

        for (var i = 0; i < row.Length; i++)
        {
            if (i > 0)
            {
                buffer[at++] = (byte)'\t';
            }

            at = EncodeValue(row[i], _types[i], buffer, at);
        }

        buffer[at++] = (byte)'\n';
        return at;
    }

    private static int EncodeValue(object? value, ColumnType type, Span<byte> buffer, int at)
    {
        var culture = CultureInfo.InvariantCulture;
        int written;
        switch (value)
        {
            case null or DBNull:
                buffer[at] = (byte)'\\';
                buffer[at + 1] = (byte)'N';
                return at + 2;
            case string text:
                return EncodeText(text, buffer, at);
            case DateTime date:
                date.TryFormat(buffer[at..], out written, "yyyy-MM-dd", culture);
                return at + written;
            case DateOnly day:
                day.TryFormat(buffer[at..], out written, "yyyy-MM-dd", culture);
                return at + written;
            case IUtf8SpanFormattable number:
                if (!number.TryFormat(buffer[at..], out written, default, culture))
                {
                    throw new InvalidOperationException($"a {type} value does not fit {MaxScalarBytes} bytes");
                }

                return at + written;
            default:
                return EncodeText(Convert.ToString(value, culture) ?? "", buffer, at);
        }
    }

    /// <summary>UTF-8 of the text, each character LOAD DATA would read as special written with its escape.</summary>
    private static int EncodeText(string text, Span<byte> buffer, int at)
    {
        var rest = text.AsSpan();
        int next;
        while ((next = rest.IndexOfAny(Escaped)) >= 0)
        {
            at += Encoding.UTF8.GetBytes(rest[..next], buffer[at..]);
            buffer[at++] = (byte)'\\';
            buffer[at++] = rest[next] switch
            {
                '\t' => (byte)'t',
                '\n' => (byte)'n',
                '\r' => (byte)'r',
                '\0' => (byte)'0',
                _ => (byte)'\\',
            };
            rest = rest[(next + 1)..];
        }

        return at + Encoding.UTF8.GetBytes(rest, buffer[at..]);
    }
}
