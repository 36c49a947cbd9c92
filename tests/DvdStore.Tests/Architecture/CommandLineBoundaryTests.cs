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
        var projects = Directory.GetFiles(Path.Combine(RepositoryRoot(), "src"), "*.csproj", SearchOption.AllDirectories);
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
        var libraries = Directory.GetFiles(AppContext.BaseDirectory, "DvdStore.*.dll")
            .Where(static p => !Path.GetFileName(p).StartsWith("DvdStore.Tests", StringComparison.Ordinal))
            .ToList();
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

    private static string RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "DvdStore.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException($"DvdStore.sln not found above {AppContext.BaseDirectory}");
    }
}
