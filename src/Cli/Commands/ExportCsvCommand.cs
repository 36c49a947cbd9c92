using System.CommandLine;
using DvdStore.Cli.Help;
using DvdStore.Cli.Options;
using DvdStore.Loader.Export;

namespace DvdStore.Cli.Commands;

/// <summary>`dvdstore export-csv --out DIR`: writes the rows of a size and seed as DS3's data files, so DS3's own scripts can load them.</summary>
public static class ExportCsvCommand
{
    public static Command Create()
    {
        var rows = new RowOptions();
        var output = new Option<string>("--out")
        {
            Description = "New (or empty) folder that takes DS3's data_files layout: cust/, orders/, prod/, membership/, reviews/.",
            Required = true,
            HelpName = "dir",
        };
        var command = new Command("export-csv", "Write the store of a size and seed (the rows 'load' would write) as DS3's CSV data files; touches no database.")
        {
            rows.Size, output, rows.Seed, rows.Threads,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            var directory = result.GetValue(output)!;
            var files = await CsvExporter.ExportAsync(rows.ParseSeed(result), rows.ParseSize(result), directory, rows.ParseThreads(result), cancellationToken)
                .ConfigureAwait(false);
            await result.InvocationConfiguration.Output.WriteLineAsync($"wrote {files.Count} files to {directory}: {string.Join(' ', files)}").ConfigureAwait(false);
            return 0;
        });
        command.WithExamples(
            "dvdstore export-csv --size 1GB --out data_files");
        return command;
    }
}
