using System.CommandLine;
using DvdStore.Analysis;
using DvdStore.Analysis.Comparisons;
using DvdStore.Cli.Commands;
using DvdStore.Driver.Parameters;
using DvdStore.Loader.Store;
using DvdStore.Monitoring;
using DvdStore.Studies;

namespace DvdStore.Cli;

/// <summary>The verbs of `dvdstore`, each defined here over the services its library exposes, in the order a user meets them.</summary>
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
        yield return FleetCommand.Create();
        yield return SweepCommand.Create(resetStore: StoreReset.ResetAsync, writeReport: WriteSweepReportAsync);
        yield return ServerMetricsCommand.Create();
        yield return CheckCommand.Create();
        yield return AnalyzeCommand.Create();
    }

    /// <summary>The sweep ends with the same Analysis report `dvdstore analyze` writes, over the study's results.</summary>
    private static async Task WriteSweepReportAsync(SweepReportRequest request, TextWriter output, TextWriter error, CancellationToken cancellationToken)
    {
        var options = new StudyReportOptions { Analysis = new AnalysisOptions { PeakThreshold = request.PeakThresholdPercent / 100, Sla = request.Sla } };
        await StudyReport.WriteAsync(request.Inputs, request.ReportFolder, options, output, error, cancellationToken).ConfigureAwait(false);
    }
}
