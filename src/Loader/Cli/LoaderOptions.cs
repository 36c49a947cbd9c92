using System.CommandLine;
using DvdStore.Loader.Pipeline;

namespace DvdStore.Loader.Cli;

/// <summary>Options the loader's commands share beyond <see cref="DvdStore.Schema.Cli.CommonOptions"/>.</summary>
internal static class LoaderOptions
{
    public static Option<ulong> Seed() => new("--seed")
    {
        Description = "Data seed: the same seed and size give the same rows on every engine, whatever --threads.",
        DefaultValueFactory = _ => LoadOptions.DefaultSeed,
        HelpName = "seed",
    };

    public static Option<int> Threads() => new("--threads")
    {
        Description = "Tables generated and written at once (SQLite writes one table at a time).",
        DefaultValueFactory = _ => Math.Clamp(Environment.ProcessorCount, 1, 8),
        HelpName = "n",
    };

    public static int CheckThreads(int threads) => threads >= 1
        ? threads
        : throw new DvdStore.Schema.UserError($"--threads must be at least 1 (got {threads}).");
}
