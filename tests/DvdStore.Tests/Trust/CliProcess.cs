using System.Text.RegularExpressions;

namespace DvdStore.Tests.Trust;

/// <summary>The real dvdstore CLI (the built dvdstore.dll next to the tests) as a child process, for signal tests.</summary>
internal static class CliProcess
{
    private static readonly Regex CompletedOrdersLine = new(@"n_overall=[1-9]", RegexOptions.CultureInvariant);

    public static string Dll => Path.Combine(AppContext.BaseDirectory, "dvdstore.dll");

    /// <summary>True once a run's output holds an interval line counting completed orders (however slow the machine).</summary>
    public static bool ShowsCompletedOrders(string output) => CompletedOrdersLine.IsMatch(output);

    public static ChildProcess Start(params string[] arguments) => StartIn(null, null, arguments);

    /// <summary>Starts the CLI in <paramref name="workingDirectory"/> (null: the tests') with extra environment variables.</summary>
    public static ChildProcess StartIn(string? workingDirectory, IReadOnlyDictionary<string, string>? environment, params string[] arguments)
    {
        Assert.True(File.Exists(Dll), $"{Dll} is missing: the test project references the CLI, so the build copies it");
        // A test run started in the background of a shell without job control (as CI may start it) inherits SIGINT
        // ignored, and a process keeps an ignored SIGINT across exec: `env --default-signal` gives the CLI the default
        // disposition a user's terminal gives it, so the Ctrl-C test tests the CLI, not how the suite was launched.
        return ChildProcess.Start("env", ["--default-signal=INT", "dotnet", Dll, .. arguments], workingDirectory, environment);
    }

    /// <summary>Runs to the end and returns the exit code with stdout then stderr (the process is killed after <paramref name="limit"/>).</summary>
    public static async Task<(int Code, string Output)> RunAsync(TimeSpan limit, params string[] arguments)
    {
        using var cli = Start(arguments);
        var code = await cli.WaitAsync(limit);
        return (code, cli.Output + cli.Error);
    }
}
