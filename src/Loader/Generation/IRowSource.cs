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
}
