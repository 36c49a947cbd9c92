using DvdStore.Schema.Model;

namespace DvdStore.Loader.Generation;

/// <summary>
/// A generated table whose rows follow ids 1..<paramref name="rows"/>, cut by <see cref="IdChunks"/>: each chunk draws
/// from its own stream of <paramref name="stream"/>, so the chunk plumbing is said once and a table says only its rows.
/// </summary>
public abstract class IdRangeRows(ulong seed, GeneratedTable stream, TableSpec table, long rows) : IRowSource
{
    public TableSpec Table => table;

    public long ChunkCount => IdChunks.Count(rows);

    public long ExpectedRows => rows;

    /// <summary>The id, the table's first column.</summary>
    public virtual ChunkKey? ChunkKey => new(table.Columns[0].Name, IdChunks.Size);

    public IEnumerable<object?[]> Chunk(long index)
    {
        var (first, last) = IdChunks.Ids(index, rows);
        return Rows(SeededRandom.For(seed, stream, index), first, last);
    }

    /// <summary>The rows of ids <paramref name="first"/>..<paramref name="last"/>, drawn from <paramref name="random"/> (the chunk's own stream).</summary>
    protected abstract IEnumerable<object?[]> Rows(SeededRandom random, long first, long last);
}
