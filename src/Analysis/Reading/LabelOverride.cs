namespace DvdStore.Analysis.Reading;

/// <summary>A label the user sets on the runs read from files matching <see cref="File"/> (a path, a file name, or "*").</summary>
public sealed record LabelOverride(string File, string Key, string Value)
{
    public bool Matches(string source)
    {
        if (File == "*")
        {
            return true;
        }

        var full = Path.GetFullPath(source);
        return string.Equals(Path.GetFullPath(File), full, StringComparison.Ordinal)
            || string.Equals(Path.GetFileName(source), File, StringComparison.Ordinal);
    }
}
