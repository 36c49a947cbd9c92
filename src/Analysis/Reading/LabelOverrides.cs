using DvdStore.Driver.Results;
using DvdStore.Schema;
using Sylvan.Data.Csv;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Reads the user's label overrides: <c>--label FILE:key=value</c>, <c>FILE=key=value</c> or <c>key=value</c> (all runs) and a
/// labels CSV with rows <c>file,key,value</c> (an optional header row <c>file,key,value</c>, # comments).
/// </summary>
public static class LabelOverrides
{
    /// <summary>
    /// One --label value: <c>FILE:key=value</c> or <c>FILE=key=value</c> for the runs of one file, <c>key=value</c>
    /// for every run (FILE may be a path, a file name or "*").
    /// </summary>
    public static LabelOverride ParseOption(string text)
    {
        var equals = text.IndexOf('=', StringComparison.Ordinal);
        var colon = equals < 0 ? -1 : text.LastIndexOf(':', equals);
        if (equals > 0 && colon > 0 && colon + 1 < equals)
        {
            return Checked(text, text[..colon], text[(colon + 1)..equals], text[(equals + 1)..]);
        }

        var second = equals < 0 ? -1 : text.IndexOf('=', equals + 1);
        if (equals > 0 && colon < 0 && second > equals + 1)
        {
            return Checked(text, text[..equals], text[(equals + 1)..second], text[(second + 1)..]);
        }

        if (equals > 0 && colon < 0)
        {
            return Checked(text, "*", text[..equals], text[(equals + 1)..]);
        }

        throw Invalid(text);
    }

    private static LabelOverride Checked(string text, string file, string key, string value)
    {
        if (file.Trim().Length == 0 || key.Trim().Length == 0 || key.Any(char.IsWhiteSpace))
        {
            throw Invalid(text);
        }

        RunLabels.Check(key.Trim(), value.Trim(), "--label");
        return new LabelOverride(file.Trim(), key.Trim(), value.Trim());
    }

    private static UserError Invalid(string text) =>
        new($"--label '{text}' is not FILE:key=value, FILE=key=value or key=value; write e.g. --label run1.json:vcpus=8, or --label site=lab1 for every run.");

    /// <summary>
    /// The labels CSV as RFC 4180 (Sylvan.Data.Csv): quoted fields (a file name with a comma or quotes, as a spreadsheet
    /// saves it) are one field, # starts a comment row, an optional first row <c>file,key,value</c> is a header.
    /// </summary>
    public static async Task<IReadOnlyList<LabelOverride>> ReadCsvAsync(string path, CancellationToken cancellationToken)
    {
        try
        {
            using var text = new StreamReader(path);
            await using var csv = await CsvDataReader.CreateAsync(text, new CsvDataReaderOptions { HasHeaders = false, Delimiter = ',' }, cancellationToken).ConfigureAwait(false);
            var overrides = new List<LabelOverride>();
            var first = true;
            while (await csv.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                var fields = Enumerable.Range(0, csv.RowFieldCount).Select(i => csv.GetString(i).Trim()).ToList();
                var header = first && string.Join(",", fields).Equals("file,key,value", StringComparison.OrdinalIgnoreCase);
                first = false;
                if (header || fields.All(static f => f.Length == 0))
                {
                    continue;
                }

                var where = $"{path} row {csv.RowNumber}";
                if (fields.Count != 3 || fields[0].Length == 0 || fields[1].Length == 0)
                {
                    throw new UserError($"{where} is not 'file,key,value' (it has {fields.Count} field(s)); fix that row, quoting a file name that holds a comma.");
                }

                RunLabels.Check(fields[1], fields[2], where);
                overrides.Add(new LabelOverride(fields[0], fields[1], fields[2]));
            }

            return overrides;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UserError($"cannot read labels file {path}: {e.Message}");
        }
        catch (CsvFormatException e)
        {
            throw new UserError($"{path} row {e.RowNumber} is not valid CSV ({e.Message}); fix that row.");
        }
    }

    /// <summary>The run with every matching override applied, later overrides winning.</summary>
    public static AnalyzedRun Apply(AnalyzedRun run, IReadOnlyList<LabelOverride> overrides)
    {
        var labels = new Dictionary<string, string>(run.Labels, StringComparer.OrdinalIgnoreCase);
        foreach (var o in overrides.Where(o => o.Matches(run.Source)))
        {
            labels[o.Key] = o.Value;
        }

        return run.WithLabels(labels);
    }
}
