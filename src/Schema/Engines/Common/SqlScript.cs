using System.Reflection;
using System.Text;

namespace DvdStore.Schema.Engines.Common;

/// <summary>
/// An engine's .sql file embedded from <c>Engines/&lt;Engine&gt;/Sql/</c>, split into the batches the
/// engine must receive one at a time: a line holding only the engine's separator (GO for T-SQL, / for
/// Oracle, DELIMITER-free ';;' for MySQL) ends a batch.
/// </summary>
public sealed class SqlScript
{
    private SqlScript(string name, string text, IReadOnlyList<string> batches)
    {
        Name = name;
        Text = text;
        Batches = batches;
    }

    public string Name { get; }

    /// <summary>The whole file, as a DBA would read it.</summary>
    public string Text { get; }

    public IReadOnlyList<string> Batches { get; }

    /// <summary>Loads <c>Engines/{engineFolder}/Sql/{fileName}</c> and splits it on lines that hold only <paramref name="separator"/>.</summary>
    public static SqlScript Load(string engineFolder, string fileName, string separator)
    {
        var resource = $"DvdStore.Schema.Engines.{engineFolder}.Sql.{fileName}";
        using var stream = Assembly.GetExecutingAssembly().GetManifestResourceStream(resource)
            ?? throw new InvalidOperationException($"embedded script {resource} is missing");
        using var reader = new StreamReader(stream, Encoding.UTF8);
        var text = reader.ReadToEnd().Replace("\r\n", "\n", StringComparison.Ordinal);
        return new SqlScript(fileName, text, Split(text, separator));
    }

    public static IReadOnlyList<string> Split(string text, string separator)
    {
        var batches = new List<string>();
        var current = new StringBuilder();
        foreach (var line in text.Split('\n'))
        {
            if (line.Trim() == separator)
            {
                Add(batches, current);
                continue;
            }

            current.Append(line).Append('\n');
        }

        Add(batches, current);
        return batches;
    }

    private static void Add(List<string> batches, StringBuilder current)
    {
        var batch = current.ToString().Trim();
        current.Clear();
        // A batch of only comments is nothing to run.
        if (batch.Split('\n').Any(l => l.Trim().Length > 0 && !l.TrimStart().StartsWith("--", StringComparison.Ordinal)))
        {
            batches.Add(batch);
        }
    }
}
