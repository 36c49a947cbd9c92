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

    /// <summary>--parallel on a verb that reads the whole store (fingerprint, verify, reset --full-fingerprint).</summary>
    public static Option<int?> ReadConnections() => new("--parallel")
    {
        Description = "Connections that read the store at once, big tables in key ranges (default: the server's CPU count where it says, else this machine's; capped by the server's free connections). The fingerprint is the same whatever the number.",
        HelpName = "n",
    };

    /// <summary>--parallel's value checked (null: the default); the same bounds as --parallel-tables.</summary>
    public static int? CheckReadConnections(int? connections) => connections is null or (>= 1 and <= MaxThreads)
        ? connections
        : throw new DvdStore.Schema.UserError($"--parallel must be at least 1 and at most {MaxThreads} (got {connections}).");
}
