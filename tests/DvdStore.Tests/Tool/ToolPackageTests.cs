using System.Text.RegularExpressions;

namespace DvdStore.Tests.Tool;

/// <summary>
/// README's `dotnet tool install` path end to end, offline: `dotnet pack` of src/Cli gives a tool package, `dotnet tool
/// install --tool-path` installs it from that folder alone (a nuget.config that lists no other source), and the
/// installed `dvdstore` prints its version and runs a short quickstart in an empty folder. The Dockerfile runs the same commands.
/// </summary>
public sealed partial class ToolPackageTests
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(10);

    [Fact]
    public async Task The_packed_tool_installs_from_the_local_folder_and_runs_the_quickstart()
    {
        var work = Path.GetDirectoryName(TestServers.TempFile("x"))!;
        var pack = Path.Combine(work, "pack");
        var toolPath = Path.Combine(work, "tool");
        var config = Path.Combine(work, "nuget.config");
        var quickstart = Directory.CreateDirectory(Path.Combine(work, "quickstart")).FullName;
        await File.WriteAllTextAsync(config, $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
                <add key="local" value="{pack}" />
              </packageSources>
            </configuration>
            """);

        var (packed, packOutput) = await Dotnet(work, "pack", Path.Combine(RepositoryRoot.Path, "src", "Cli"), "-c", Configuration, "-o", pack);
        Assert.True(packed == 0, packOutput);
        var package = Assert.Single(Directory.GetFiles(pack, "dvdstore.*.nupkg"));
        var version = PackageVersion().Match(Path.GetFileName(package)).Groups[1].Value;

        var (installed, installOutput) = await Dotnet(work, "tool", "install", "dvdstore", "--tool-path", toolPath, "--add-source", pack, "--configfile", config);
        Assert.True(installed == 0, installOutput);
        var dvdstore = Path.Combine(toolPath, "dvdstore");

        var (versionCode, versionOutput) = await ChildProcess.RunAsync(dvdstore, ["--version"], work, Limit);
        Assert.True(versionCode == 0, versionOutput);
        Assert.StartsWith(version, versionOutput.Trim(), StringComparison.Ordinal);

        var (ran, runOutput) = await ChildProcess.RunAsync(dvdstore, ["quickstart", "--size", "1MB", "--users", "2", "--duration", "2"], quickstart, Limit);
        Assert.True(ran == 0, runOutput);
        Assert.Matches(@"quickstart: [\d,]+ OPM \(", runOutput);
        Assert.True(File.Exists(Path.Combine(quickstart, "dvdstore-quickstart.db")), runOutput);
        var result = RunResultReader.Read(Assert.Single(Directory.GetFiles(Path.Combine(quickstart, "results"), "*.result.json")));
        Assert.True(result.Totals.Orders > 0, runOutput);
        Assert.True(result.CrossCheck!.Matches, runOutput);
        Assert.StartsWith(version, result.ToolVersion, StringComparison.Ordinal);
    }

    /// <summary>The configuration the tests were built in, so the pack reuses that build.</summary>
    private static string Configuration =>
        AppContext.BaseDirectory.Contains($"{Path.DirectorySeparatorChar}Release{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ? "Release" : "Debug";

    private static Task<(int Code, string Output)> Dotnet(string workingDirectory, params string[] arguments) =>
        ChildProcess.RunAsync("dotnet", arguments, workingDirectory, Limit);

    [GeneratedRegex(@"^dvdstore\.(.+)\.nupkg$")]
    private static partial Regex PackageVersion();
}
