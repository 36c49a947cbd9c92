using System.Reflection;
using System.Xml.Linq;

namespace DvdStore.Tests.Architecture;

/// <summary>
/// Only the front end knows the command line: every library exposes options records and services, so another front end
/// (a test harness, a job runner, a web UI) can drive it. Checked in the project files and in the built assemblies.
/// </summary>
public sealed class CommandLineBoundaryTests
{
    private const string CommandLine = "System.CommandLine";
    private const string FrontEnd = "DvdStore.Cli.csproj";

    [Fact]
    public void Only_the_Cli_project_references_System_CommandLine()
    {
        var projects = Directory.GetFiles(Path.Combine(RepositoryRoot.Path, "src"), "*.csproj", SearchOption.AllDirectories);
        Assert.True(projects.Length >= 5, $"expected the kit's projects under src/, found {projects.Length}");

        var offenders = projects
            .Where(p => Path.GetFileName(p) != FrontEnd && PackageReferences(p).Contains(CommandLine))
            .Select(Path.GetFileName)
            .ToList();
        Assert.True(offenders.Count == 0, $"only src/Cli may reference {CommandLine}; also found in: {string.Join(", ", offenders)}");

        // The check reads what it claims to read: the front end's own reference is seen.
        Assert.Contains(CommandLine, PackageReferences(projects.Single(p => Path.GetFileName(p) == FrontEnd)));
    }

    [Fact]
    public void No_library_assembly_is_built_against_System_CommandLine()
    {
        // The assemblies of every project under src/ but the front end, as built beside the tests.
        var libraries = LibraryProjects()
            .Select(static p => Path.Combine(AppContext.BaseDirectory, AssemblyNameOf(p) + ".dll"))
            .ToList();
        Assert.All(libraries, static p => Assert.True(File.Exists(p), $"{p} is not built beside the tests; add its project to DvdStore.Tests.csproj"));
        Assert.True(libraries.Count >= 4, $"expected the library assemblies beside the tests, found {libraries.Count}");

        var offenders = libraries
            .Select(static p => AssemblyName.GetAssemblyName(p))
            .Where(static name => Assembly.Load(name).GetReferencedAssemblies().Any(static r => r.Name == CommandLine))
            .Select(static name => name.Name)
            .ToList();
        Assert.True(offenders.Count == 0, $"library assemblies built against {CommandLine}: {string.Join(", ", offenders)}");

        // The front end (dvdstore.dll) is, which shows the check sees a reference when there is one.
        Assert.Contains(typeof(DvdStore.Cli.CliApp).Assembly.GetReferencedAssemblies(), static r => r.Name == CommandLine);
    }

    private static HashSet<string> PackageReferences(string project) =>
        XDocument.Load(project).Descendants("PackageReference")
            .Select(static e => (string?)e.Attribute("Include") ?? "")
            .ToHashSet(StringComparer.Ordinal);

    private static IEnumerable<string> LibraryProjects() =>
        Directory.GetFiles(Path.Combine(RepositoryRoot.Path, "src"), "*.csproj", SearchOption.AllDirectories)
            .Where(static p => Path.GetFileName(p) != FrontEnd);

    private static string AssemblyNameOf(string project) =>
        XDocument.Load(project).Descendants("AssemblyName").Select(static e => e.Value).FirstOrDefault()
        ?? Path.GetFileNameWithoutExtension(project);
}
