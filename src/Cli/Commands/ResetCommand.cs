using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Loader.Store;

namespace DvdStore.Cli.Commands;

/// <summary>
/// `dvdstore reset`: returns a store a run has changed to its as-loaded state, printing a line per step, then checks
/// the touched ranges (and with --full-fingerprint the whole store); exits 1 if they do not match.
/// </summary>
public static class ResetCommand
{
    public static Command Create()
    {
        var full = new Option<bool>("--full-fingerprint")
        {
            Description = "Also read the whole store and compare its fingerprint with the loaded one (takes time in proportion to the store, like 'dvdstore fingerprint').",
        };
        var parallel = LoaderOptions.ReadConnections();
        return new StoreVerb("reset", "Return a store to its as-loaded state: restore the stock runs sold, remove the rows runs added, reset identities, then check the touched ranges.")
        {
            Options = [full, parallel],
            Examples = [$"dvdstore reset {ExampleTarget.First}"],
        }.Create(async (result, target, cancellationToken) =>
        {
            var output = result.InvocationConfiguration.Output;
            // Plain lines, as the reset's steps are printed: the full read's rows, rate and ETA between them.
            var progress = new ResetProgressPrinter(output);
            var report = await StoreReset.ResetAsync(target, new ResetOptions(result.GetValue(full), LoaderOptions.CheckReadConnections(result.GetValue(parallel)), new LoadProgressPrinter(output)), progress, cancellationToken).ConfigureAwait(false);
            await output.WriteLineAsync($"reset {target.Engine.DisplayName} ({target.RedactedConnection}) in {report.Elapsed.TotalSeconds.ToString("F1", CultureInfo.InvariantCulture)}s").ConfigureAwait(false);
            await output.WriteLineAsync(report.Check.Matches
                ? $"touched ranges as loaded ({report.Check.Ranges.Count} ranges checked)"
                : $"touched ranges DIFFER from the load: {string.Join(", ", report.Check.Differing)}").ConfigureAwait(false);
            var fingerprintMatches = report.Fingerprint is null || await FingerprintCommand.WriteComparisonAsync(output, report.Fingerprint).ConfigureAwait(false);
            return report.Check.Matches && fingerprintMatches ? 0 : 1;
        });
    }

    /// <summary>Writes each finished step at once ("  ORDERLINES  deleted  12,345 rows  0.4s"), so a long reset shows where it is.</summary>
    private sealed class ResetProgressPrinter(TextWriter output) : IProgress<ResetStep>
    {
        public void Report(ResetStep value)
        {
            output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"  {value.Table,-20} {value.Action,-20} {value.Rows,12:N0} rows  {value.Elapsed.TotalSeconds,7:F1}s"));
            output.Flush();
        }
    }
}
