using System.Diagnostics;
using System.Text;

namespace DvdStore.Tests.Infrastructure;

/// <summary>Runs a program to its end (killed after a limit) and returns its exit code with stdout and stderr together.</summary>
public static class ChildProcess
{
    public static async Task<(int Code, string Output)> RunAsync(string program, IEnumerable<string> arguments, string workingDirectory, TimeSpan limit, IReadOnlyDictionary<string, string>? environment = null)
    {
        var info = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false, WorkingDirectory = workingDirectory };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            info.Environment[name] = value;
        }

        var output = new StringBuilder();
        using var process = new Process { StartInfo = info };
        process.OutputDataReceived += (_, e) => Append(output, e.Data);
        process.ErrorDataReceived += (_, e) => Append(output, e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"{program} {string.Join(' ', info.ArgumentList)} did not end within {limit.TotalSeconds:0} s; output:\n{Text(output)}");
        }

        process.WaitForExit(); // drains the output events
        return (process.ExitCode, Text(output));
    }

    private static void Append(StringBuilder output, string? line)
    {
        if (line is not null)
        {
            lock (output)
            {
                output.AppendLine(line);
            }
        }
    }

    private static string Text(StringBuilder output)
    {
        lock (output)
        {
            return output.ToString();
        }
    }
}
