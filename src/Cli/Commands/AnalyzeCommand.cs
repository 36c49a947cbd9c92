using System.CommandLine;
using DvdStore.Analysis;
using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Cli.Help;
using DvdStore.Driver.Parameters;
using DvdStore.Schema;

namespace DvdStore.Cli.Commands;

/// <summary>
/// `dvdstore analyze FILES|FOLDERS --out DIR`: turns result files (ours and DS3's log/CSV) into the published
/// comparisons — vCPU scaling, hyper-threading gain, affinity, generations, scale-out, normalised, peak — as a Markdown and a
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
        var baseline = new Option<string[]>("--baseline")
        {
            Description = "The 1.00 of a study, per study: generations=NAME, scaleout=SET, normalize=KEY=VALUE|VALUE|FILE (e.g. normalize=platform=native); a bare NAME is the baseline of generations and scale-out (default: each study's oldest/smallest). Repeatable.",
            AllowMultipleArgumentsPerToken = false,
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
        var unfinished = new Option<bool>("--include-unfinished")
        {
            Description = "Count Failed, Cancelled and Interrupted runs as repeats too (by default they are listed but left out of every mean).",
        };
        var workload = new Option<string?>("--workload")
        {
            Description = "The workload to compare, as the report names it (e.g. \"DS3 driver on a DS3 store\", \"DvdStore v1\" or its hash); default: the one with the most runs. Runs of other workloads are listed apart, never compared.",
        };
        var command = new Command("analyze", "Compare many run results (vCPU scaling, hyper-threading, affinity, generations, scale-out, peak) into Markdown/HTML reports, CSV tables and charts.")
        {
            inputs, output, study, baseline, label, labels, threshold, noise, unfinished, workload,
        };
        command.SetAction(async (result, cancellationToken) =>
        {
            // Before any file is read: NaN, infinities and out-of-range figures are refused in one line.
            var peak = InputBounds.Check("peak_threshold", "--peak-threshold", Text(result.GetValue(threshold)), result.GetValue(threshold));
            var cv = InputBounds.Check("noise_cv", "--noise-cv", Text(result.GetValue(noise)), result.GetValue(noise));
            var studies = StudyCatalog.Select(result.GetValue(study) ?? "all");
            var overrides = new List<LabelOverride>();
            if (result.GetValue(labels) is { Length: > 0 } labelsFile)
            {
                overrides.AddRange(await LabelOverrides.ReadCsvAsync(labelsFile, cancellationToken).ConfigureAwait(false));
            }

            overrides.AddRange((result.GetValue(label) ?? []).Select(LabelOverrides.ParseOption));
            var options = new StudyReportOptions
            {
                Studies = studies,
                Analysis = new AnalysisOptions { PeakThreshold = peak / 100, NoiseCvPercent = cv, IncludeUnfinished = result.GetValue(unfinished), Workload = result.GetValue(workload) ?? "" }.WithBaselines(result.GetValue(baseline) ?? []),
                Overrides = overrides,
            };
            await StudyReport.WriteAsync(result.GetValue(inputs) ?? [], result.GetValue(output)!, options, result.InvocationConfiguration.Output, result.InvocationConfiguration.Error, cancellationToken).ConfigureAwait(false);
            return 0;
        });
        command.WithExamples(
            "dvdstore analyze results/ --out report",
            "dvdstore analyze results/ --study scaling,ht --baseline generations=gen1 --out report");
        return command;
    }

    private static string Text(double value) => value.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
