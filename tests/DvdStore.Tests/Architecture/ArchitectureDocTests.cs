using System.Xml.Linq;

namespace DvdStore.Tests.Architecture;

/// <summary>docs/architecture.md's project table says what the project files say: every project, its real references.</summary>
public sealed class ArchitectureDocTests
{
    private const string Prefix = "DvdStore.";

    [Fact]
    public void The_project_table_lists_every_project_under_src_with_its_project_references()
    {
        var projects = Directory.GetFiles(Path.Combine(RepositoryRoot.Path, "src"), "*.csproj", SearchOption.AllDirectories)
            .Where(static p => !p.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .ToDictionary(static p => Path.GetFileNameWithoutExtension(p), References, StringComparer.Ordinal);
        Assert.True(projects.Count >= 8, $"expected the kit's projects under src/, found {projects.Count}");

        var documented = DocumentedReferences(projects.Keys.Select(static p => p[Prefix.Length..]).ToHashSet(StringComparer.Ordinal));

        Assert.Equal(projects.Keys.Order(StringComparer.Ordinal), documented.Keys.Order(StringComparer.Ordinal));
        foreach (var (project, references) in projects)
        {
            Assert.True(references.SetEquals(documented[project]),
                $"docs/architecture.md says {project} references [{string.Join(", ", documented[project].Order())}]; its project file says [{string.Join(", ", references.Order())}]");
        }
    }

    /// <summary>Each project's ProjectReferences, as short names ("Schema").</summary>
    private static HashSet<string> References(string project) =>
        XDocument.Load(project).Descendants("ProjectReference")
            .Select(static e => Path.GetFileNameWithoutExtension(((string?)e.Attribute("Include") ?? "").Replace('\\', '/')))
            .Select(static name => name.StartsWith(Prefix, StringComparison.Ordinal) ? name[Prefix.Length..] : name)
            .ToHashSet(StringComparer.Ordinal);

    /// <summary>The table's rows "| DvdStore.X | `src/X` | A, B | job |": project → the known project names in its References cell.</summary>
    private static Dictionary<string, HashSet<string>> DocumentedReferences(HashSet<string> known) =>
        File.ReadLines(Path.Combine(RepositoryRoot.Path, "docs", "architecture.md"))
            .Select(static line => line.Split('|', StringSplitOptions.TrimEntries))
            .Where(static cells => cells.Length >= 5 && cells[1].StartsWith(Prefix, StringComparison.Ordinal))
            .ToDictionary(
                static cells => cells[1],
                cells => cells[3].Split([',', ' ', '(', ')'], StringSplitOptions.RemoveEmptyEntries).Where(known.Contains).ToHashSet(StringComparer.Ordinal),
                StringComparer.Ordinal);
}
