using System.Diagnostics;
using System.Text;

namespace DvdStore.Tests.Trust;

/// <summary>The real dvdstore CLI (the built dvdstore.dll next to the tests) as a child process, for signal tests.</summary>
internal sealed class CliProcess : IDisposable
{
    private readonly Process process;
    private readonly StringBuilder output = new();
    private readonly StringBuilder error = new();

    private CliProcess(Process process)
    {
        this.process = process;
    }

    public static string Dll => Path.Combine(AppContext.BaseDirectory, "dvdstore.dll");

    public string Output
    {
        get
        {
            lock (output)
            {
                return output.ToString();
            }
        }
    }

    public string Error
    {
        get
        {
            lock (error)
            {
                return error.ToString();
            }
        }
    }

    public int Id => process.Id;

    public static CliProcess Start(params string[] arguments)
    {
        Assert.True(File.Exists(Dll), $"{Dll} is missing: the test project references the CLI, so the build copies it");
        // A test run started in the background of a shell without job control (as CI may start it) inherits SIGINT
        // ignored, and a process keeps an ignored SIGINT across exec: `env --default-signal` gives the CLI the default
        // disposition a user's terminal gives it, so the Ctrl-C test tests the CLI, not how the suite was launched.
        var info = new ProcessStartInfo("env") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add("--default-signal=INT");
        info.ArgumentList.Add("dotnet");
        info.ArgumentList.Add(Dll);
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        var process = new Process { StartInfo = info };
        var cli = new CliProcess(process);
        process.OutputDataReceived += (_, e) => cli.Append(cli.output, e.Data);
        process.ErrorDataReceived += (_, e) => cli.Append(cli.error, e.Data);
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return cli;
    }

    /// <summary>Runs to the end and returns the exit code (the process is killed after <paramref name="limit"/>).</summary>
    public static async Task<(int Code, string Output)> RunAsync(TimeSpan limit, params string[] arguments)
    {
        using var cli = Start(arguments);
        var code = await cli.WaitAsync(limit);
        return (code, cli.Output + cli.Error);
    }

    /// <summary>Waits until the output holds <paramref name="text"/>; false if the process ended or the time ran out first.</summary>
    public async Task<bool> WaitForOutputAsync(string text, TimeSpan limit)
    {
        var until = DateTime.UtcNow + limit;
        while (DateTime.UtcNow < until)
        {
            if (Output.Contains(text, StringComparison.Ordinal))
            {
                return true;
            }

            if (process.HasExited)
            {
                return false;
            }

            await Task.Delay(50);
        }

        return false;
    }

    /// <summary>Sends a POSIX signal (TERM, INT, KILL) with kill(1).</summary>
    public async Task SignalAsync(string signal)
    {
        using var kill = Process.Start("kill", ["-" + signal, process.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        await kill.WaitForExitAsync();
        Assert.Equal(0, kill.ExitCode);
    }

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
            Assert.Fail($"dvdstore {string.Join(' ', process.StartInfo.ArgumentList.Skip(3))} did not end within {limit.TotalSeconds:0} s; output:\n{Output}\n{Error}");
        }

        process.WaitForExit(); // drains the output events
        return process.ExitCode;
    }

    public void Dispose()
    {
        if (!process.HasExited)
        {
            process.Kill(entireProcessTree: true);
        }

        process.Dispose();
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
    }
}
