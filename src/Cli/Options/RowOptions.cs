using System.CommandLine;
using DvdStore.Schema.Sizing;

namespace DvdStore.Cli.Options;

/// <summary>
/// The options that choose the rows 'load' writes and 'export-csv' exports (--size, --data-seed) and how many tables
/// are generated at once (--parallel-tables), made and read alike by both commands.
/// </summary>
internal sealed class RowOptions
{
    public Option<string> Size { get; } = CommonOptions.Size();

    public Option<ulong> Seed { get; } = LoaderOptions.Seed();

    public Option<int> Threads { get; } = LoaderOptions.Threads();

    public StoreSize ParseSize(ParseResult result) => CommonOptions.ParseSize(result, Size);

    public ulong ParseSeed(ParseResult result) => result.GetValue(Seed);

    public int ParseThreads(ParseResult result) => LoaderOptions.CheckThreads(result.GetValue(Threads));
}
