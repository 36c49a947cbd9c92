namespace DvdStore.Loader.Generation;

/// <summary>
/// How the generators cut a table's ids 1..rows into chunks: chunk i holds ids i×<see cref="Size"/>+1 up to
/// (i+1)×<see cref="Size"/> (the last one fewer). Each chunk has a random stream of its own, so any chunk can be made alone.
/// </summary>
internal static class IdChunks
{
    public const int Size = 10_000;

    public static long Count(long rows) => (rows + Size - 1) / Size;

    /// <summary>The first and last id (from 1) of chunk <paramref name="chunk"/> of a table of <paramref name="rows"/> rows.</summary>
    public static (long First, long Last) Ids(long chunk, long rows)
    {
        var first = chunk * Size + 1;
        return (first, Math.Min(rows, first + Size - 1));
    }
}
