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
        var hash = Seed;
        for (var i = 0; i < columns.Count; i++)
        {
            hash = Fold(hash, Value(columns[i].Type, row[i]));
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
                return Integer(l);
            case (ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt, int i):
                return Integer(i);
            case (ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt, short s):
                return Integer(s);
            case (ColumnType.VarChar, string text):
                return Text(text);
        }

        return type switch
        {
            ColumnType.SmallInt or ColumnType.Integer or ColumnType.BigInt => Integer(Convert.ToInt64(value, CultureInfo.InvariantCulture)),
            ColumnType.Money => Money(Convert.ToDecimal(value, CultureInfo.InvariantCulture)),
            ColumnType.Date => Date(DayNumber(value)),
            _ => Text(value is string s ? s : Convert.ToString(value, CultureInfo.InvariantCulture) ?? ""),
        };
    }

    /// <summary>The hash of a NULL of any type.</summary>
    public static ulong Null => NullTag;

    /// <summary>An integer column's value (any width: the same number hashes alike on every engine).</summary>
    public static ulong Integer(long value) => SeededRandom.Mix((ulong)value);

    /// <summary>A money column's value, as whole cents.</summary>
    public static ulong Money(decimal value) =>
        SeededRandom.Mix((ulong)(long)Math.Round(value * 100m, MidpointRounding.AwayFromZero) ^ 0x4D4F4E4559UL);

    /// <summary>A date column's value, as its day number.</summary>
    public static ulong Date(long dayNumber) => SeededRandom.Mix((ulong)dayNumber ^ 0x44415445UL);

    /// <summary>Folds one column's value hash into the row's hash, column by column from <see cref="Seed"/>.</summary>
    public static ulong Fold(ulong rowHash, ulong valueHash) => SeededRandom.Mix(rowHash ^ valueHash);

    /// <summary>A row's hash before its first column.</summary>
    public const ulong Seed = 0xCBF29CE484222325UL;

    private static long DayNumber(object value) => value switch
    {
        DateTime d => DateOnly.FromDateTime(d).DayNumber,
        DateOnly d => d.DayNumber,
        DateTimeOffset d => DateOnly.FromDateTime(d.DateTime).DayNumber,
        string s => DateOnly.FromDateTime(DateTime.Parse(s, CultureInfo.InvariantCulture)).DayNumber,
        _ => throw new InvalidOperationException($"cannot read a date from {value.GetType().Name}"),
    };

    // FNV-1a over UTF-16 code units, then mixed: stable forever, no allocation.
    public static ulong Text(string text)
    {
        var hash = 0x100000001B3UL ^ (ulong)text.Length;
        foreach (var c in text)
        {
            hash = (hash ^ c) * 0x100000001B3UL;
        }

        return SeededRandom.Mix(hash);
    }
}
