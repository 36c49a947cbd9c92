using System.CommandLine;
using DvdStore.Loader.Pipeline;
using DvdStore.Schema.Engines;

namespace DvdStore.Cli.Options;

/// <summary>Options the loader's commands share beyond <see cref="CommonOptions"/>.</summary>
internal static class LoaderOptions
{
    public static Option<ulong> Seed() => new("--data-seed")
    {
        Description = "Seed of the generated rows (not of a run's random streams, which is run's --seed): the same seed and size give the same rows on every engine, whatever --parallel-tables.",
        DefaultValueFactory = _ => LoadOptions.DefaultSeed,
        HelpName = "seed",
    };

    public static Option<int> Threads() => new("--parallel-tables")
    {
        Description = $"Tables generated and written at once ({string.Join(", ", EngineCatalog.All.Where(static e => e.Profile.SingleWriter).Select(static e => e.DisplayName))} writes one table at a time).",
        DefaultValueFactory = _ => Math.Clamp(Environment.ProcessorCount, 1, 8),
        HelpName = "n",
    };

    /// <summary>More writers than this only queue on the server; a typo such as 100000000 is refused, not attempted.</summary>
    public const int MaxThreads = 256;

    public static int CheckThreads(int threads) => threads is >= 1 and <= MaxThreads
        ? threads
        : throw new DvdStore.Schema.UserError($"--parallel-tables must be at least 1 and at most {MaxThreads} (got {threads}).");
}
