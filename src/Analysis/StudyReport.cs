using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Schema;

namespace DvdStore.Analysis;

/// <summary>
/// The Analysis report of a set of result files, as one library call: reads the inputs, runs the studies, writes
/// report.md/report.html, tables and charts to a folder, and prints the findings. Used by <c>dvdstore analyze</c>
/// and at the end of <c>dvdstore sweep</c>, so both say the same thing about the same runs.
/// </summary>
public static class StudyReport
{
    public static async Task<AnalysisReport> WriteAsync(
        IReadOnlyList<string> inputs,
        string outDirectory,
        StudyReportOptions options,
        TextWriter stdout,
        TextWriter stderr,
        CancellationToken cancellationToken)
    {
        var loaded = await RunLoader.LoadAsync(inputs, options.Overrides, cancellationToken).ConfigureAwait(false);
        if (loaded.Runs.Count == 0)
        {
            // Nothing is written: a report of zero runs would only hide the mistake.
            var why = loaded.Skipped.Count == 0
                ? "the inputs hold no .json, .log, .txt or .csv file"
                : string.Join("; ", loaded.Skipped.Take(3).Select(s => s.Reason)) + (loaded.Skipped.Count > 3 ? $" (and {loaded.Skipped.Count - 3} more)" : "");
            throw new UserError($"no readable run among the inputs ({why}); give dvdstore result .json files, DS3 driver logs or DS3 CSVs.");
        }

        ReportWriter.EnsureWritable(outDirectory);
        var report = Analyzer.Analyze(inputs, loaded, options.Studies, options.Analysis);
        var written = await ReportWriter.WriteAsync(report, outDirectory, cancellationToken).ConfigureAwait(false);

        foreach (var skipped in report.Skipped)
        {
            await stderr.WriteLineAsync($"skipped {skipped.Path}: {skipped.Reason}").ConfigureAwait(false);
        }

        // A DS3 log read only in part (wrapped or cut lines) says so in one line per file.
        foreach (var run in loaded.Runs)
        {
            foreach (var finding in run.Result.Findings.Where(f => f.Code is Ds3LogParser.WrappedCode or Ds3LogParser.PartialFinalCode))
            {
                await stderr.WriteLineAsync($"warning {run.Source}: {finding.Message}").ConfigureAwait(false);
            }
        }

        foreach (var (run, reason) in report.Workloads.Apart)
        {
            await stderr.WriteLineAsync($"not compared {run.Source}: {reason}").ConfigureAwait(false);
        }

        foreach (var s in report.Studies.Where(s => s.Missing is not null))
        {
            await stderr.WriteLineAsync($"{s.Name}: not computed — {s.Missing}.").ConfigureAwait(false);
        }

        foreach (var finding in report.Studies.Where(s => s.Missing is null).SelectMany(s => s.Findings))
        {
            await stdout.WriteLineAsync(finding).ConfigureAwait(false);
        }

        var apart = report.Workloads.Apart.Count == 0 ? "" : $", {report.Workloads.Apart.Count} run(s) of other workloads listed apart";
        await stdout.WriteLineAsync($"{report.Runs.Count} run(s) analysed{apart}, {report.Skipped.Count} file(s) skipped; wrote {written.Count} files to {outDirectory} (report.html, report.md).").ConfigureAwait(false);
        return report;
    }
}
