using System.CommandLine;
using DvdStore.Analysis.Cli;
using DvdStore.Cli.Quickstart;
using DvdStore.Driver.Cli;
using DvdStore.Driver.ServerMetrics;
using DvdStore.Loader.Cli;
using DvdStore.Loader.Store;
using DvdStore.Schema.Cli;

namespace DvdStore.Cli;

/// <summary>The verbs of `dvdstore`, each defined by the library that owns it, in the order a user meets them.</summary>
internal static class CommandSet
{
    public static IEnumerable<Command> All()
    {
        yield return QuickstartCommand.Create();
        yield return SchemaCommand.Create();
        yield return LoadCommand.Create();
        yield return VerifyCommand.Create();
        yield return FingerprintCommand.Create();
        yield return ResetCommand.Create();
        yield return DropCommand.Create();
        yield return ExportCsvCommand.Create();
        yield return RunCommand.Create();
        yield return SweepCommand.Create(resetStore: StoreReset.ResetAsync);
        yield return ServerMetricsCommand.Create();
        yield return AnalyzeCommand.Create();
    }
}
