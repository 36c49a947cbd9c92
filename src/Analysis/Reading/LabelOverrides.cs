using DvdStore.Schema;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Reads the user's label overrides: <c>--label FILE:key=value</c> (FILE a path, a file name or "*") and a
/// labels CSV with rows <c>file,key,value</c> (an optional header row <c>file,key,value</c>, # comments).
/// </summary>
public static class LabelOverrides
{
    public static LabelOverride ParseOption(string text)
    {
        var equals = text.IndexOf('=', StringComparison.Ordinal);
        var colon = equals < 0 ? -1 : text.LastIndexOf(':', equals);
        if (equals < 0 || colon <= 0 || colon + 1 == equals)
        {
            throw new UserError($"--label '{text}' is not FILE:key=value; write e.g. --label run1.json:vcpus=8 (or *:engine=postgres for every file).");
        }

        return new LabelOverride(text[..colon], text[(colon + 1)..equals].Trim(), text[(equals + 1)..].Trim());
    }

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
