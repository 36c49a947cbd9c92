using System.CommandLine;
using DvdStore.Analysis.Cli;
using DvdStore.Driver.ServerMetrics;
using DvdStore.Loader.Cli;
using DvdStore.Schema.Cli;

namespace DvdStore.Cli;

/// <summary>The verbs of `dvdstore`, each defined by the library that owns it, in the order a user meets them.</summary>
internal static class CommandSet
{
    public static IEnumerable<Command> All()
    {
        yield return SchemaCommand.Create();
        yield return LoadCommand.Create();
        yield return VerifyCommand.Create();
        yield return FingerprintCommand.Create();
        yield return ResetCommand.Create();
        yield return DropCommand.Create();
        yield return ExportCsvCommand.Create();
        yield return DvdStore.Driver.Cli.RunCommand.Create();
        yield return DvdStore.Driver.Cli.SweepCommand.Create(async (target, ct) => await DvdStore.Loader.Store.StoreReset.ResetAsync(target, ct).ConfigureAwait(false));
        yield return ServerMetricsCommand.Create();
        yield return AnalyzeCommand.Create();
    }
}
