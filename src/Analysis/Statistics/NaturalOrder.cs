namespace DvdStore.Analysis.Statistics;

/// <summary>
/// Orders text with its whole numbers compared by value, so a sweep reads threads=2, 4, 8, 16 and users-2/ before
/// users-16/ (ordinal order put 16 before 2). The rest compares ordinally, so the order is the same on every machine.
/// </summary>
public sealed class NaturalOrder : IComparer<string>
{
    public static readonly NaturalOrder Instance = new();

    private NaturalOrder()
    {
    }

    public int Compare(string? x, string? y)
    {
        if (x is null || y is null)
        {
            return x is null ? (y is null ? 0 : -1) : 1;
        }

        int i = 0, j = 0;
        while (i < x.Length && j < y.Length)
        {
            if (char.IsAsciiDigit(x[i]) && char.IsAsciiDigit(y[j]))
            {
                var a = Digits(x, ref i).TrimStart('0');
                var b = Digits(y, ref j).TrimStart('0');
                var byValue = a.Length != b.Length ? a.Length.CompareTo(b.Length) : a.SequenceCompareTo(b);

                if (byValue != 0)
                {
                    return byValue;
                }

                continue;
            }

            if (x[i] != y[j])
            {
                return x[i].CompareTo(y[j]);
            }

            i++;
            j++;
        }

        var byRest = (x.Length - i).CompareTo(y.Length - j);
        // Equal by value but spelled differently (007 and 7): fall back to ordinal so the order stays total.
        return byRest != 0 ? byRest : string.CompareOrdinal(x, y);
    }

    private static ReadOnlySpan<char> Digits(string text, ref int index)
    {
        var start = index;
        while (index < text.Length && char.IsAsciiDigit(text[index]))
        {
            index++;
        }

        return text.AsSpan(start, index - start);
    }
}
