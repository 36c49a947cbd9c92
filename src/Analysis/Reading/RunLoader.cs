using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;
using DvdStore.Schema;
using DvdStore.Schema.Files;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Reads every run from the given files and folders (folders recursively: *.json, *.log, *.txt, *.csv),
/// recognising each file by its content: a dvdstore result (through the driver's reader), a DS3 log or a
/// DS3 CSV. A file that is none of these, or is damaged, is skipped with a one-line reason.
/// </summary>
public static class RunLoader
{
    private static readonly string[] FolderExtensions = [".json", ".log", ".txt", ".csv"];

    public static async Task<LoadedRuns> LoadAsync(IEnumerable<string> inputs, IReadOnlyList<LabelOverride> overrides, CancellationToken cancellationToken)
    {
        var runs = new List<AnalyzedRun>();
        var skipped = new List<SkippedFile>();
        foreach (var (path, explicitlyNamed) in Expand(inputs))
        {
            cancellationToken.ThrowIfCancellationRequested();
            string? text;
            try
            {
                text = await BoundedFile.ReadAllTextAsync(path, BoundedFile.ResultChars, cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                skipped.Add(new SkippedFile(path, $"cannot be read: {e.Message}"));
                continue;
            }

            if (text is null)
            {
                skipped.Add(new SkippedFile(path, OneLine(RunResultReader.TooLarge(path).Message)));
                continue;
            }

            // The driver writes its interval CSV beside result.json, a sweep its sweep.json and report: in a folder those
            // are the kit's own files, not runs, and not worth a "skipped" line each.
            if (!explicitlyNamed && (text.StartsWith(CsvTimeSeriesWriter.Header, StringComparison.Ordinal) || KitOutputs.IsKitOutput(path, text)))
            {
                continue;
            }

            // A log holding results as JSON lines (--result-stdout, kubectl logs): one run per line.
            if (!text.TrimStart().StartsWith('{') && ResultLines.Find(text) is { Count: > 0 } lines)
            {
                foreach (var (line, json) in lines)
                {
                    var source = $"{path}:{line}";
                    try
                    {
                        var result = ResultDefaults.Complete(RunResultReader.Parse(json, source));
                        runs.Add(LabelOverrides.Apply(new AnalyzedRun(source, RunOrigin.DvdStoreResult, result, ContextLabels.Derive(result)), overrides));
                    }
                    catch (UserError e)
                    {
                        skipped.Add(new SkippedFile(source, OneLine(e.Message)));
                    }
                }

                continue;
            }

            try
            {
                var (origin, result) = Recognise(text, path);
                foreach (var (key, value) in result.Context.Labels)
                {
                    RunLabels.Check(key, value, path);
                }

                var run = new AnalyzedRun(path, origin, result, ContextLabels.Derive(result));
                runs.Add(LabelOverrides.Apply(run, overrides));
            }
            catch (UserError e)
            {
                skipped.Add(new SkippedFile(path, OneLine(e.Message)));
            }
        }

        return new LoadedRuns(AutomaticLabels.Reconcile(OnceEach(runs, skipped)), skipped);
    }

    /// <summary>
    /// One run read from two files (a copy, a result.json beside its --result-stdout log) is one run: counted twice it
    /// would be two "repeats" that agree perfectly. The first read is kept; the other is listed as skipped, with why.
    /// Only dvdstore results carry a run id of their own (a DS3 file's is its file name).
    /// </summary>
    private static List<AnalyzedRun> OnceEach(List<AnalyzedRun> runs, List<SkippedFile> skipped)
    {
        var first = new Dictionary<string, AnalyzedRun>(StringComparer.Ordinal);
        var kept = new List<AnalyzedRun>();
        foreach (var run in runs)
        {
            var id = run.Origin == RunOrigin.DvdStoreResult ? run.Result.RunId : "";
            if (id.Length > 0 && first.TryGetValue(id, out var earlier))
            {
                skipped.Add(new SkippedFile(run.Source, $"the same run as {earlier.Source} (run id {id}), counted once"));
                continue;
            }

            if (id.Length > 0)
            {
                first[id] = run;
            }

            kept.Add(run);
        }

        return kept;
    }

    private static (RunOrigin Origin, RunResult Result) Recognise(string text, string path)
    {
        var start = text.TrimStart();
        if (start.StartsWith('{') || start.StartsWith('['))
        {
            return (RunOrigin.DvdStoreResult, ResultDefaults.Complete(RunResultReader.Parse(text, path)));
        }

        if (Ds3CsvParser.LooksLikeCsv(text))
        {
            return (RunOrigin.Ds3Csv, Ds3CsvParser.Parse(text, path));
        }

        if (text.StartsWith(CsvTimeSeriesWriter.Header, StringComparison.Ordinal))
        {
            throw new UserError($"{path} is a dvdstore interval CSV; give the result .json beside it instead.");
        }

        if (Ds3LogParser.LooksLikeLog(text))
        {
            return (RunOrigin.Ds3Log, Ds3LogParser.Parse(text, path));
        }

        throw new UserError($"{path} is not a dvdstore result (.json), a DS3 driver log or a DS3 out_filename CSV.");
    }

    private static IEnumerable<(string Path, bool ExplicitlyNamed)> Expand(IEnumerable<string> inputs)
    {
        foreach (var input in inputs)
        {
            if (Directory.Exists(input))
            {
                var files = Directory.EnumerateFiles(input, "*", SearchOption.AllDirectories)
                    .Where(f => FolderExtensions.Contains(Path.GetExtension(f), StringComparer.OrdinalIgnoreCase))
                    .Where(f => !Path.GetFileName(f).StartsWith('.'))
                    .Order(NaturalOrder.Instance);
                foreach (var file in files)
                {
                    yield return (file, false);
                }
            }
            else if (File.Exists(input))
            {
                yield return (input, true);
            }
            else
            {
                throw new UserError($"{input} does not exist; give result files or folders that hold them.");
            }
        }
    }

    private static string OneLine(string message) => message.ReplaceLineEndings(" ");
}
