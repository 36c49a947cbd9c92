using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Pipeline;

/// <summary>What to build: size and seed decide every row; threads only decide how fast.</summary>
/// <param name="Size">Store size (DS3 rule).</param>
/// <param name="Seed">Data seed: the same seed and size give the same rows, byte for byte.</param>
/// <param name="Threads">Tables generated and written at once (each also has its own connection).</param>
/// <param name="DropExisting">Drop a store found on the target instead of refusing.</param>
public sealed record LoadOptions(StoreSize Size, ulong Seed = LoadOptions.DefaultSeed, int Threads = 2, bool DropExisting = false)
{
    public const ulong DefaultSeed = 3;

    /// <summary>A folder of DS3's data files to load instead of generating rows (Seed and Size are then not used).</summary>
    public string? FromCsv { get; init; }

    /// <summary>Most rows per batch handed to a bulk writer.</summary>
    public int BatchRows { get; init; } = 5_000;

    /// <summary>
    /// Most approximate row bytes per batch: wide rows (customers) make smaller batches than narrow ones (ratings), so
    /// the memory held in queues depends on neither the table nor which tables load at the same time, only on the
    /// writers: about writers × (<see cref="QueuedBatches"/> + 2) × this.
    /// </summary>
    public int BatchBytes { get; init; } = 256 * 1024;

    /// <summary>Tables with at least this many rows load as one bulk stream per writer (parts of interleaved chunks).</summary>
    public long SplitRows { get; init; } = 1_000_000;

    /// <summary>
    /// Finish the store's interrupted load (<see cref="LoadResume"/>): size, seed, threads and split come from the store,
    /// and what it marks finished is not done again.
    /// </summary>
    public bool Resume { get; init; }

    /// <summary>What was typed with --resume, checked against what the store records (<see cref="ResumeSettings"/>).</summary>
    public ResumeSettings Given { get; init; } = new();

    /// <summary>Batches waiting per table: bounds memory whatever the size.</summary>
    public int QueuedBatches { get; init; } = 4;
}
