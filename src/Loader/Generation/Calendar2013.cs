namespace DvdStore.Loader.Generation;

/// <summary>DS3's loaded data is dated 2013 (docs/ds3-compatibility.md, "Generated data"); February has 28 days that year.</summary>
internal static class Calendar2013
{
    private static readonly int[] DaysInMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

    public static DateTime RandomDay(ref SeededRandom random, int month) =>
        new(2013, month, random.Next(1, DaysInMonth[month - 1]));

    public static DateTime RandomDay(ref SeededRandom random)
    {
        var month = random.Next(1, 12);
        return RandomDay(ref random, month);
    }
}
