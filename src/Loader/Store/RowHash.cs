using System.Globalization;
using DvdStore.Loader.Generation;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// The 64-bit hash of one row's canonical values, the same whichever engine returned them: integers as 64-bit
/// values, money as whole cents, dates as day numbers, text as its characters, NULL as a tag. Providers return
/// different CLR types for the same column (SQLite text dates, Oracle decimals for integers), so every value is
/// first normalised to its <see cref="ColumnType"/>.
/// </summary>
public static class RowHash
{
    private const ulong NullTag = 0x6A09E667F3BCC909UL;

    public static ulong Of(IReadOnlyList<ColumnSpec> columns, object?[] row)
    {
        var hash = 0xCBF29CE484222325UL;
        for (var i = 0; i < columns.Count; i++)
        {
            hash = SeededRandom.Mix(hash ^ Value(columns[i].Type, row[i]));
        }

        return hash;
    }

    public static ulong Value(ColumnType type, object? value)
    {
        if (value is null or DBNull)
        {
            return NullTag;
        }

        // Fast paths for the CLR types the generator makes (no IConvertible dispatch); same values as the general path.
        switch (type, value)
        {
            case (ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt, long l):
                return SeededRandom.Mix((ulong)l);
            case (ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt, int i):
                return SeededRandom.Mix((ulong)(long)i);
            case (ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt, short s):
                return SeededRandom.Mix((ulong)(long)s);
            case (ColumnType.VarChar, string text):
                return Text(text);
        }

        return type switch
        {
            ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt => SeededRandom.Mix((ulong)Convert.ToInt64(value, CultureInfo.InvariantCulture)),
            ColumnType.Money => SeededRandom.Mix((ulong)(long)Math.Round(Convert.ToDecimal(value, CultureInfo.InvariantCulture) * 100m, MidpointRounding.AwayFromZero) ^ 0x4D4F4E4559UL),
            ColumnType.Date => SeededRandom.Mix((ulong)DayNumber(value) ^ 0x44415445UL),
            _ => Text(value is string s ? s : Convert.ToString(value, CultureInfo.InvariantCulture) ?? ""),
        };
    }

    private static long DayNumber(object value) => value switch
    {
        DateTime d => DateOnly.FromDateTime(d).DayNumber,
        DateOnly d => d.DayNumber,
        DateTimeOffset d => DateOnly.FromDateTime(d.DateTime).DayNumber,
        string s => DateOnly.FromDateTime(DateTime.Parse(s, CultureInfo.InvariantCulture)).DayNumber,
        _ => throw new InvalidOperationException($"cannot read a date from {value.GetType().Name}"),
    };

    // FNV-1a over UTF-16 code units, then mixed: stable forever, no allocation.
    private static ulong Text(string text)
    {
        var hash = 0x100000001B3UL ^ (ulong)text.Length;
        foreach (var c in text)
        {
            hash = (hash ^ c) * 0x100000001B3UL;
        }

        return SeededRandom.Mix(hash);
    }
}
