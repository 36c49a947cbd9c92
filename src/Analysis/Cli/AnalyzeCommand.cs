using System.CommandLine;
using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Schema;

namespace DvdStore.Analysis.Cli;

/// <summary>
/// `dvdstore analyze FILES|FOLDERS --out DIR`: turns result files (ours and DS3's log/CSV) into the published
/// comparisons — vCPU scaling, hyper-threading gain, affinity, generations, scale-out, peak — as a Markdown and a
/// self-contained HTML report, CSV tables and PNG/SVG charts.
/// </summary>
public static class AnalyzeCommand
{
    public static Command Create()
    {
        var inputs = new Argument<string[]>("inputs")
        {
            Description = "Result files or folders: dvdstore result .json, DS3 driver logs, DS3 out_filename CSVs (folders are searched recursively).",
            Arity = ArgumentArity.OneOrMore,
        };
        var study = new Option<string>("--study")
        {
            Description = $"Studies to run: {string.Join(", ", StudyCatalog.Names)} (comma list allowed).",
            DefaultValueFactory = _ => "all",
        };
        var baseline = new Option<string>("--baseline")
        {
            Description = "Baseline for normalised comparisons: a generation label value or a run's file name (default: the lowest).",
            DefaultValueFactory = _ => "",
        };
        var output = new Option<string>("--out", "-o")
        {
            Description = "Folder for report.md, report.html, tables/*.csv and charts/*.png|svg.",
            Required = true,
        };
        var label = new Option<string[]>("--label")
        {
            Description = "Add or override a label: FILE:key=value or FILE=key=value for the runs read from FILE (a path or a file name), key=value for every run. Labels: vcpus, smt=on|off, affinity=pinned|unpinned, numa=one-node|spread, generation, engine, size, threads, scaleout=SET (runs that ran together). Repeatable.",
            AllowMultipleArgumentsPerToken = false,
        };
        var labels = new Option<string?>("--labels")
        {
            Description = "CSV of label overrides: rows 'file,key,value'.",
        };
        var threshold = new Option<double>("--peak-threshold")
        {
            Description = "Peak finding: a thread step adding less than this % of OPM ends the climb.",
            DefaultValueFactory = _ => 5.0,
        };
        var noise = new Option<double>("--noise-cv")
        {
            Description = "Flag repeats whose coefficient of variation exceeds this %.",
            DefaultValueFactory = _ => 5.0,
        };
        var command = new Command("analyze", "Compare many run results (vCPU scaling, hyper-threading, affinity, generations, scale-out, peak) into Markdown/HTML reports, CSV tables and charts.")
        {
            inputs, study, baseline, output, label, labels, threshold, noise,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            var studies = StudyCatalog.Select(result.GetValue(study) ?? "all");
            var overrides = new List<LabelOverride>();
            if (result.GetValue(labels) is { Length: > 0 } labelsFile)
            {
                overrides.AddRange(await LabelOverrides.ReadCsvAsync(labelsFile, cancellationToken).ConfigureAwait(false));
            }

            overrides.AddRange((result.GetValue(label) ?? []).Select(LabelOverrides.ParseOption));
            var peak = result.GetValue(threshold);
            var cv = result.GetValue(noise);
            if (peak is <= 0 or >= 100 || cv <= 0)
            {
                throw new UserError("--peak-threshold must be between 0 and 100 (%) and --noise-cv above 0 (%).");
            }

            var options = new AnalysisOptions { Baseline = result.GetValue(baseline) ?? "", PeakThreshold = peak / 100, NoiseCvPercent = cv };
            var outDirectory = result.GetValue(output)!;
            var inputPaths = result.GetValue(inputs) ?? [];
            var loaded = await RunLoader.LoadAsync(inputPaths, overrides, cancellationToken).ConfigureAwait(false);
            if (loaded.Runs.Count == 0)
            {
                // Nothing is written: a report of zero runs would only hide the mistake.
                var why = loaded.Skipped.Count == 0
                    ? "the inputs hold no .json, .log, .txt or .csv file"
                    : string.Join("; ", loaded.Skipped.Take(3).Select(s => s.Reason)) + (loaded.Skipped.Count > 3 ? $" (and {loaded.Skipped.Count - 3} more)" : "");
                throw new UserError($"no readable run among the inputs ({why}); give dvdstore result .json files, DS3 driver logs or DS3 CSVs.");
            }

            ReportWriter.EnsureWritable(outDirectory);
            var report = Analyzer.Analyze(inputPaths, loaded, studies, options);
            var written = await ReportWriter.WriteAsync(report, outDirectory, cancellationToken).ConfigureAwait(false);

            var stdout = result.InvocationConfiguration.Output;
            var stderr = result.InvocationConfiguration.Error;
            foreach (var skipped in report.Skipped)
            {
                await stderr.WriteLineAsync($"skipped {skipped.Path}: {skipped.Reason}").ConfigureAwait(false);
            }

            foreach (var s in report.Studies.Where(s => s.Missing is not null))
            {
                await stderr.WriteLineAsync($"{s.Name}: not computed — {s.Missing}.").ConfigureAwait(false);
            }

            foreach (var finding in report.Studies.Where(s => s.Missing is null).SelectMany(s => s.Findings))
            {
                await stdout.WriteLineAsync(finding).ConfigureAwait(false);
            }

            await stdout.WriteLineAsync($"{report.Runs.Count} run(s) analysed, {report.Skipped.Count} file(s) skipped; wrote {written.Count} files to {outDirectory} (report.html, report.md).").ConfigureAwait(false);
            return 0;
        });
        return command;
    }
}
