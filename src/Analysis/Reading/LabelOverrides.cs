using DvdStore.Driver.Results;
using DvdStore.Schema;

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

    public static async Task<IReadOnlyList<LabelOverride>> ReadCsvAsync(string path, CancellationToken cancellationToken)
    {
        string[] lines;
        try
        {
            lines = await File.ReadAllLinesAsync(path, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new UserError($"cannot read labels file {path}: {e.Message}");
        }

        var overrides = new List<LabelOverride>();
        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i].Trim();
            if (line.Length == 0 || line.StartsWith('#') || (i == 0 && line.Replace(" ", "", StringComparison.Ordinal).Equals("file,key,value", StringComparison.OrdinalIgnoreCase)))
            {
                continue;
            }

            var fields = line.Split(',', 3);
            if (fields.Length != 3 || fields[0].Trim().Length == 0 || fields[1].Trim().Length == 0)
            {
                throw new UserError($"{path} line {i + 1} is not 'file,key,value'; fix that row.");
            }

            RunLabels.Check(fields[1].Trim(), fields[2].Trim(), $"{path} line {i + 1}");
            overrides.Add(new LabelOverride(fields[0].Trim(), fields[1].Trim(), fields[2].Trim()));
        }

        return overrides;
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
