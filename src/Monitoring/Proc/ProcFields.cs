namespace DvdStore.Monitoring.Proc;

/// <summary>The /proc files' common layout: a record a line, fields separated by spaces.</summary>
internal static class ProcFields
{
    /// <summary>Each non-empty line of <paramref name="text"/> split into its fields.</summary>
    public static IEnumerable<string[]> Lines(string text) =>
        text.Split('\n').Select(static line => line.Split(' ', StringSplitOptions.RemoveEmptyEntries)).Where(static fields => fields.Length > 0);
}
