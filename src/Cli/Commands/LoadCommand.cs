using System.CommandLine;
using System.Globalization;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Loader.Pipeline;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

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
        var resume = new Option<bool>("--resume")
        {
            Description = "Finish a load that was interrupted (killed, or its connection lost): size, seed and threads come from the store (given again, they must be the ones it records); finished table parts, keys and steps are not done again; the store gets the fingerprint a whole load gives.",
        };
        var ignoreSpace = new Option<bool>("--ignore-free-space")
        {
            Description = "Load even when the store's expected size (see the table in README) is more than the free space where it goes: the store file's file system, or a server's data directory when the server runs on this machine and says where that is.",
        };
        return new StoreVerb("load", "Build a store: tables, parallel bulk load, keys and indexes, procedures and trigger, statistics; records size, seed, counts and fingerprint. " +
            "--size sets DS3's row counts; the disk follows the rows (e.g. 10MB: 4.5M rows, ~0.3-0.6 GB by engine; 100MB: 45M rows, ~3-6 GB; 10GB: 197M rows, ~12-24 GB; README has the table per engine). " +
            "The expected size is printed first; a store file, or a local server's data directory, that will not fit is refused.")
        {
            Options = [rows.Size, rows.Seed, rows.Threads, dropExisting, fromCsv, resume, ignoreSpace],
            Examples =
            [
                $"dvdstore load --size 1GB                    ({ExampleTarget.File} file dvdstore.db)",
                $"dvdstore load {ExampleTarget.First} --size 10GB --parallel-tables 8",
                $"dvdstore load {ExampleTarget.Second} --from-csv data_files",
                $"dvdstore load {ExampleTarget.First} --resume           (after a load was killed)",
            ],
        }.Create(async (result, target, cancellationToken) =>
        {
            var folder = result.GetValue(fromCsv);
            if (folder is not null && (result.GetResult(rows.Size) is { Implicit: false } || result.GetResult(rows.Seed) is { Implicit: false }))
            {
                throw new DvdStore.Schema.UserError("--from-csv reads the rows from the files: leave out --size and --data-seed (the size is read from the rows loaded).");
            }

            var options = new LoadOptions(rows.ParseSize(result), rows.ParseSeed(result), rows.ParseThreads(result), result.GetValue(dropExisting)) { FromCsv = folder, Resume = result.GetValue(resume) };
            var output = result.InvocationConfiguration.Output;
            if (options.Resume)
            {
                // The size, seed and threads come from the store; typed again they must be what it records (checked by the loader).
                options = options with
                {
                    Given = new ResumeSettings(
                        result.GetResult(rows.Size) is { Implicit: false } ? options.Size : null,
                        result.GetResult(rows.Seed) is { Implicit: false } ? options.Seed : null,
                        result.GetResult(rows.Threads) is { Implicit: false } ? options.Threads : null),
                };

                await output.WriteLineAsync($"resuming the interrupted load on {target.Engine.DisplayName} ({target.RedactedConnection})").ConfigureAwait(false);
                var resumed = await LoadProgressBars.ShowOrPrintAsync(output, progress => StoreLoader.LoadAsync(target, options, progress, cancellationToken)).ConfigureAwait(false);
                await WriteReportAsync(output, resumed, folder).ConfigureAwait(false);
                return 0;
            }

            await output.WriteLineAsync(folder is null
                ? $"loading a {options.Size} store (seed {options.Seed}, {options.Threads} threads) into {target.Engine.DisplayName} ({target.RedactedConnection})"
                : $"loading DS3 data files from {folder} ({options.Threads} threads) into {target.Engine.DisplayName} ({target.RedactedConnection})").ConfigureAwait(false);
            foreach (var warning in await LoadSettingWarnings.ReadAsync(target, cancellationToken).ConfigureAwait(false))
            {
                await output.WriteLineAsync("warning: " + warning).ConfigureAwait(false);
            }

            if (folder is null)
            {
                var space = await LoadSpace.ForServerAsync(target, options.Size, options.DropExisting, DvdStore.Monitoring.ServerMetricsDefaults.IsLocal(target), cancellationToken).ConfigureAwait(false);
                await output.WriteLineAsync(space.Describe(target.Engine.DisplayName)).ConfigureAwait(false);
                if (space.Refusal(options.Size, target.Engine.DisplayName, result.GetValue(ignoreSpace)) is { } refusal)
                {
                    throw new DvdStore.Schema.UserError(refusal);
                }
            }

            // A store file this load creates is removed when the load fails (a refused --from-csv left 171 MB behind).
            var newFile = target.MissingFile();
            LoadReport report;
            try
            {
                report = await LoadProgressBars.ShowOrPrintAsync(output, progress => StoreLoader.LoadAsync(target, options, progress, cancellationToken)).ConfigureAwait(false);
            }
            catch when (newFile is not null)
            {
                RemoveStoreFile(target, newFile);
                throw;
            }

            await WriteReportAsync(output, report, folder).ConfigureAwait(false);
            return 0;
        }).WithSection("Sizes (rows in all; expected on disk per engine, measured here):", SizeRows());
    }

    /// <summary>The help's table: nominal size → rows → disk on each engine measured here (README has the same).</summary>
    private static IEnumerable<(string Name, string Text)> SizeRows() =>
        new[] { "10MB", "100MB", "1GB", "10GB", "100GB", "1TB" }.Select(StoreSize.Parse).Select(size => (size.ToString(),
            string.Create(CultureInfo.InvariantCulture, $"{RowCounts.For(size).ExpectedRows / 1e6,8:N1}M rows; ") + string.Join(", ",
                EngineCatalog.All.Where(e => e.Profile.DiskBytesPerRow is not null)
                    .Select(e => $"{e.Profile.Name} ~{DiskSizes.Format(DiskSizes.Expected(e.Kind, size)!.Value)}"))));

    private static async Task WriteReportAsync(TextWriter output, LoadReport report, string? folder)
    {
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
    }

    /// <summary>Deletes a store file and SQLite's companions (journal, WAL), after its pooled connections let go of it.</summary>
    private static void RemoveStoreFile(StoreTarget target, string file)
    {
        using (var pooled = target.Engine.CreateConnection(target.ConnectionString))
        {
            target.Engine.ClearPool(pooled);
        }

        foreach (var path in new[] { file, file + "-journal", file + "-wal", file + "-shm" })
        {
            File.Delete(path);
        }
    }
}
