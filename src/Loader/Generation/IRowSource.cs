using DvdStore.Schema.Model;

namespace DvdStore.Loader.Generation;

/// <summary>
/// The generated rows of one table, cut into chunks of fixed size that can be made in any order and on any
/// thread: chunk i always yields the same rows. Rows are <c>object?[]</c> in <see cref="TableSpec.Columns"/> order.
/// </summary>
public interface IRowSource
{
    TableSpec Table { get; }

    long ChunkCount { get; }

    /// <summary>The rows all chunks yield together: exact where no draw decides it, else the expectation (for progress).</summary>
    long ExpectedRows { get; }

    IEnumerable<object?[]> Chunk(long index);

    /// <summary>
    /// The column that tells a row's chunk: chunk i holds the rows whose value is in i × width + 1 .. (i + 1) × width
    /// (a resumed load removes an unfinished part's rows by it); null where chunks follow no column (DS3's files).
    /// </summary>
    ChunkKey? ChunkKey { get; }
}

/// <summary>A row's chunk is ⌊(<see cref="Column"/> − 1) ÷ <see cref="Width"/>⌋.</summary>
public sealed record ChunkKey(string Column, long Width);
