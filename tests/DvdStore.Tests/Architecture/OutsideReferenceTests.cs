using System.Text.RegularExpressions;

namespace DvdStore.Tests.Architecture;

/// <summary>
/// The repository stands on its own: no file in it cites the engineers' private notes on DS3 (which are not in the
/// repository), and every comment that points into docs/ds3-compatibility.md for a DS3 fact names a heading that is there.
/// </summary>
public sealed partial class OutsideReferenceTests
{
    // Spelt in two parts so this file does not name them itself.
    private static readonly string[] OutsideNotes = ["ds3" + "-facts", "ds3" + "-interface"];

    private static readonly string[] Scanned = ["src", "docs", "tests", "scripts"];

    [Fact]
    public void No_file_names_notes_outside_the_repository()
    {
        var files = RepositoryFiles().ToList();
        Assert.True(files.Count > 100, $"expected the repository's files, found {files.Count}");

        var offenders = files
            .SelectMany(f => File.ReadLines(f).Select((line, i) => (File: f, Line: i + 1, Text: line)))
            .Where(l => OutsideNotes.Any(n => l.Text.Contains(n, StringComparison.OrdinalIgnoreCase)))
            .Select(l => $"{Path.GetRelativePath(RepositoryRoot.Path, l.File)}:{l.Line}")
            .ToList();
        Assert.True(offenders.Count == 0,
            "say the fact in the project's own words in docs/ds3-compatibility.md instead of citing notes outside the repository: "
            + string.Join(", ", offenders));
    }

    [Fact]
    public void Every_pointer_into_the_DS3_compatibility_doc_names_one_of_its_headings()
    {
        var headings = File.ReadLines(Path.Combine(RepositoryRoot.Path, "docs", "ds3-compatibility.md"))
            .Where(static l => l.StartsWith('#'))
            .Select(static l => l.TrimStart('#').Trim())
            .ToHashSet(StringComparer.Ordinal);

        var pointers = RepositoryFiles()
            .SelectMany(f => Pointer().Matches(File.ReadAllText(f))
                .SelectMany(m => m.Groups["heading"].Captures.Select(c => (File: f, Heading: c.Value))))
            .ToList();
        Assert.True(pointers.Count >= 50, $"expected the code's pointers into docs/ds3-compatibility.md, found {pointers.Count}");

        var dangling = pointers
            .Where(p => !headings.Contains(p.Heading))
            .Select(p => $"{Path.GetRelativePath(RepositoryRoot.Path, p.File)}: \"{p.Heading}\"")
            .Distinct()
            .ToList();
        Assert.True(dangling.Count == 0, "pointers to headings docs/ds3-compatibility.md does not have: " + string.Join(", ", dangling));
    }

    [GeneratedRegex("""docs/ds3-compatibility\.md, "(?<heading>[^"]+)"(?: and "(?<heading>[^"]+)")?""")]
    private static partial Regex Pointer();

    private static IEnumerable<string> RepositoryFiles() =>
        Scanned
            .SelectMany(static d => Directory.EnumerateFiles(Path.Combine(RepositoryRoot.Path, d), "*", SearchOption.AllDirectories))
            .Append(Path.Combine(RepositoryRoot.Path, "README.md"))
            .Where(static f => !IsBuildOutput(f) && !IsBinary(f));

    private static bool IsBuildOutput(string file) =>
        Path.GetRelativePath(RepositoryRoot.Path, file).Split(Path.DirectorySeparatorChar)
            .Any(static part => part is "bin" or "obj" or "TestResults" or "node_modules");

    private static bool IsBinary(string file)
    {
        using var stream = File.OpenRead(file);
        var head = new byte[Math.Min(4096, stream.Length)];
        stream.ReadExactly(head);
        return head.Contains((byte)0);
    }
}
