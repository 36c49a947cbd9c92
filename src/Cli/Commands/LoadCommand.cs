using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Loader.Pipeline;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore load`: builds a store of the given size and seed, with progress, step timings and the fingerprint.</summary>
public static class LoadCommand
{
    public static Command Create()
    {
        var rows = new RowOptions();
        var dropExisting = new Option<bool>("--drop-existing") { Description = "Drop a store found on the target (complete or not) instead of refusing." };
        var fromCsv = new Option<string?>("--from-csv")
        {
            Description = "Load DS3's data files from this folder (DS3's data_files layout, as DS3's generators and 'export-csv' write it) instead of generating rows; the size is read from the rows.",
            HelpName = "folder",
        };
        return new StoreVerb("load", "Build a store: tables, parallel bulk load, keys and indexes, procedures and trigger, statistics; records size, seed, counts and fingerprint.")
        {
            Options = [rows.Size, rows.Seed, rows.Threads, dropExisting, fromCsv],
            Examples =
            [
                $"dvdstore load --size 1GB                    ({ExampleTarget.File} file dvdstore.db)",
                $"dvdstore load {ExampleTarget.First} --size 10GB --parallel-tables 8",
                $"dvdstore load {ExampleTarget.Second} --from-csv data_files",
            ],
        }.Create(async (result, target, cancellationToken) =>
        {
            var folder = result.GetValue(fromCsv);
            if (folder is not null && (result.GetResult(rows.Size) is { Implicit: false } || result.GetResult(rows.Seed) is { Implicit: false }))
            {
                throw new DvdStore.Schema.UserError("--from-csv reads the rows from the files: leave out --size and --data-seed (the size is read from the rows loaded).");
            }

            var options = new LoadOptions(rows.ParseSize(result), rows.ParseSeed(result), rows.ParseThreads(result), result.GetValue(dropExisting)) { FromCsv = folder };
            var output = result.InvocationConfiguration.Output;
            await output.WriteLineAsync(folder is null
                ? $"loading a {options.Size} store (seed {options.Seed}, {options.Threads} threads) into {target.Engine.DisplayName} ({target.RedactedConnection})"
                : $"loading DS3 data files from {folder} ({options.Threads} threads) into {target.Engine.DisplayName} ({target.RedactedConnection})").ConfigureAwait(false);
            var report = await LoadProgressBars.ShowOrPrintAsync(output, progress => StoreLoader.LoadAsync(target, options, progress, cancellationToken)).ConfigureAwait(false);
            await output.WriteLineAsync("steps:").ConfigureAwait(false);
            foreach (var step in report.Steps)
            {
                await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"  {step.Step,-16} {step.Elapsed.TotalSeconds,9:F2}s")).ConfigureAwait(false);
            }

            await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"  {"total",-16} {report.Total.TotalSeconds,9:F2}s  ({report.TotalRows:N0} rows)")).ConfigureAwait(false);
            if (folder is not null)
            {
                await output.WriteLineAsync($"size read from the rows: {report.Options.Size}").ConfigureAwait(false);
            }

            await FingerprintCommand.WriteAsync(output, report.Fingerprint).ConfigureAwait(false);
            return 0;
        });
    }
}
