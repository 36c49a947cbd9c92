using System.Text.RegularExpressions;

namespace DvdStore.Tests.Architecture;

/// <summary>
/// Engine knowledge lives only under <c>src/Schema/Engines/</c>: outside it, code reaches an engine and what it may know
/// of it through <c>EngineCatalog</c> and the engine's <c>EngineProfile</c>, never by naming one. The check reads the
/// source (comments aside) for engine names, provider namespaces and engine-kind members.
/// </summary>
public sealed partial class EngineBoundaryTests
{
    private static readonly string EnginesFolder = Path.Combine("src", "Schema", "Engines") + Path.DirectorySeparatorChar;

    /// <summary>The only exceptions, each a file and the exact text allowed in it, with why.</summary>
    private static readonly (string File, string Text, string Why)[] Allowed =
    [
        (Path.Combine("src", "Schema", "Vocabulary", "MovieWords.cs"), "ORACLE", "a word of DS3's movie titles, not the engine"),
    ];

    [Fact]
    public void No_code_outside_the_engine_folders_names_an_engine()
    {
        var root = RepositoryRoot.Path;
        var files = SourceFiles(root).ToList();
        Assert.True(files.Count > 100, $"expected the kit's sources under src/, found {files.Count}");

        var offenders = new List<string>();
        foreach (var file in files.Where(f => !Relative(root, f).StartsWith(EnginesFolder, StringComparison.Ordinal)))
        {
            var relative = Relative(root, file);
            var lines = File.ReadAllLines(file);
            for (var i = 0; i < lines.Length; i++)
            {
                var code = CodeOf(lines[i]);
                foreach (Match match in EngineWord().Matches(code))
                {
                    if (!Allowed.Any(a => a.File == relative && code.Contains(a.Text, StringComparison.Ordinal)))
                    {
                        offenders.Add($"{relative}:{i + 1}: {match.Value} in \"{code.Trim()}\"");
                    }
                }
            }
        }

        Assert.True(offenders.Count == 0,
            "engine knowledge outside src/Schema/Engines/ (move it to the engine's EngineProfile):\n" + string.Join('\n', offenders));
    }

    [Fact]
    public void The_check_sees_engine_names_where_they_are()
    {
        // The engines' own folders name their engines: the pattern finds what it looks for.
        var root = RepositoryRoot.Path;
        var inEngines = SourceFiles(root).Where(f => Relative(root, f).StartsWith(EnginesFolder, StringComparison.Ordinal)).ToList();
        foreach (var name in new[] { "Sqlite", "PostgreSql", "MySql", "SqlServer", "Oracle" })
        {
            Assert.Contains(inEngines, f => EngineWord().IsMatch(CodeOf(File.ReadAllText(f))) && f.Contains(name, StringComparison.Ordinal));
        }

        Assert.Matches(EngineWord(), "if (engine.Kind == EngineKind.Sqlite)");
        Assert.Matches(EngineWord(), "StoreTarget.From(\"postgres\", c)");
        Assert.Matches(EngineWord(), "using MySqlConnector;");
        Assert.DoesNotMatch(EngineWord(), "target.Engine.Profile.InProcess");
    }

    private static IEnumerable<string> SourceFiles(string root) =>
        Directory.EnumerateFiles(Path.Combine(root, "src"), "*.cs", SearchOption.AllDirectories)
            .Where(static f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    private static string Relative(string root, string file) => Path.GetRelativePath(root, file);

    /// <summary>The line without a whole-line comment (//, ///, or a block comment's * line).</summary>
    private static string CodeOf(string line)
    {
        var trimmed = line.TrimStart();
        return trimmed.StartsWith("//", StringComparison.Ordinal) || trimmed.StartsWith('*') || trimmed.StartsWith("/*", StringComparison.Ordinal) ? "" : line;
    }

    [GeneratedRegex(@"(?i:sqlite|postgres|pgsql|npgsql|mysql|mariadb|sqlserver|sql\s+server|sqlclient|mssql|oracle)|EngineKind\.[A-Z]")]
    private static partial Regex EngineWord();
}
