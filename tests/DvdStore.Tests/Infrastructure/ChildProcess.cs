using System.Diagnostics;
using System.Text;

namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// A program run as a child process with its stdout and stderr collected (each apart, and both together in the order
/// they came); killed with its whole tree when a wait runs out or when disposed before it ends.
/// </summary>
public sealed class ChildProcess : IDisposable
{
    private readonly Process process;
    private readonly StringBuilder output = new();
    private readonly StringBuilder error = new();
    private readonly StringBuilder both = new();

    private ChildProcess(Process process)
    {
        this.process = process;
    }

    public string Output => Text(output);

    public string Error => Text(error);

    /// <summary>Stdout and stderr together, line by line in the order they arrived.</summary>
    public string Combined => Text(both);

    public int Id => process.Id;

    public bool HasExited => process.HasExited;

    public static ChildProcess Start(string program, IEnumerable<string> arguments, string? workingDirectory = null, IReadOnlyDictionary<string, string>? environment = null)
    {
        var info = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        if (workingDirectory is not null)
        {
            info.WorkingDirectory = workingDirectory;
        }

        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            info.Environment[name] = value;
        }

        var child = new ChildProcess(new Process { StartInfo = info });
        child.process.OutputDataReceived += (_, e) => child.Append(child.output, e.Data);
        child.process.ErrorDataReceived += (_, e) => child.Append(child.error, e.Data);
        child.process.Start();
        child.process.BeginOutputReadLine();
        child.process.BeginErrorReadLine();
        return child;
    }

    /// <summary>Runs a program to its end (killed after <paramref name="limit"/>) and returns its exit code with stdout and stderr together.</summary>
    public static async Task<(int Code, string Output)> RunAsync(string program, IEnumerable<string> arguments, string workingDirectory, TimeSpan limit, IReadOnlyDictionary<string, string>? environment = null)
    {
        using var child = Start(program, arguments, workingDirectory, environment);
        var code = await child.WaitAsync(limit);
        return (code, child.Combined);
    }

    /// <summary>Waits for the end and returns the exit code; fails the test (after killing the process) if it runs past <paramref name="limit"/>.</summary>
    public async Task<int> WaitAsync(TimeSpan limit)
    {
        using var timeout = new CancellationTokenSource(limit);
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"{process.StartInfo.FileName} {string.Join(' ', process.StartInfo.ArgumentList)} did not end within {limit.TotalSeconds:0} s; output:\n{Combined}");
        }

        process.WaitForExit(); // drains the output events
        return process.ExitCode;
    }

    /// <summary>Waits until stdout holds <paramref name="text"/>; false if the process ended or the time ran out first.</summary>
    public Task<bool> WaitForOutputAsync(string text, TimeSpan limit) =>
        WaitForOutputAsync(output => output.Contains(text, StringComparison.Ordinal), limit);

    /// <summary>Waits until stdout satisfies <paramref name="seen"/>; false if the process ended or the time ran out first.</summary>
    public async Task<bool> WaitForOutputAsync(Func<string, bool> seen, TimeSpan limit)
    {
        var until = DateTime.UtcNow + limit;
        while (DateTime.UtcNow < until)
        {
            if (seen(Output))
            {
                return true;
            }

            if (process.HasExited)
            {
                // The last lines can arrive after the exit: drain them before the last look.
                process.WaitForExit();
                return seen(Output);
            }

            await Task.Delay(50);
        }

        return false;
    }

    /// <summary>Sends a POSIX signal (TERM, INT, KILL) with kill(1).</summary>
    public async Task SignalAsync(string signal)
    {
        using var kill = Process.Start("kill", ["-" + signal, process.Id.ToString(CultureInfo.InvariantCulture)]);
        await kill.WaitForExitAsync();
        Assert.Equal(0, kill.ExitCode);
    }

    public void Dispose()
    {
        if (!process.HasExited)
        {
            process.Kill(entireProcessTree: true);
        }

        process.Dispose();
    }

    private static string Text(StringBuilder builder)
    {
        lock (builder)
        {
            return builder.ToString();
        }
    }

    private void Append(StringBuilder builder, string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (builder)
        {
            builder.AppendLine(line);
        }

        lock (both)
        {
            both.AppendLine(line);
        }
    }
}
