using DvdStore.Cli;

namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// Runs the command line in this process, as `dvdstore ARGS` would, and returns its exit code with what it wrote to
/// stdout and stderr. Tests that need the real process (signals, exit codes of a crash) use Trust/CliProcess instead.
/// </summary>
public static class InProcessCli
{
    public static async Task<(int Code, string Output, string Error)> RunAsync(params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await CliApp.RunAsync(args, output, error, CancellationToken.None);
        return (code, output.ToString(), error.ToString());
    }
}
