using System.ComponentModel;
using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;

namespace DvdStore.Monitoring.Host;

/// <summary>
/// Reads the server host's files over one long-lived <c>ssh … sh</c> session (system ssh client, key only): each read
/// writes one <c>cat</c> loop to the remote shell and reads its output up to an end marker. One connection for the whole
/// run keeps the cost per sample to a fork of cat on the server and a few kB over the link.
/// </summary>
public sealed partial class SshFileReader : IHostFileReader
{
    internal const string FileMarker = "@@dvdstore-file ";
    internal const string EndMarker = "@@dvdstore-end";

    private readonly SshTarget target;
    private readonly string sshPath;
    private readonly TimeSpan readTimeout;
    private readonly StringBuilder lastError = new();
    private Process? process;
    private bool answered;

    /// <param name="sshPath">The ssh client to run (default: ssh on PATH).</param>
    /// <param name="readTimeout">How long one read may take once connected (the first read also allows the connect timeout).</param>
    public SshFileReader(SshTarget target, string sshPath = "ssh", TimeSpan? readTimeout = null)
    {
        this.target = target;
        this.sshPath = sshPath;
        this.readTimeout = readTimeout ?? TimeSpan.FromSeconds(10);
    }

    public string Description => $"ssh {target}";

    public bool IsLocal => false;

    /// <summary>The shell line that prints each file after a marker line, then the end marker.</summary>
    public static string Script(IReadOnlyList<string> paths)
    {
        foreach (var path in paths)
        {
            if (!SafePath().IsMatch(path))
            {
                throw new ArgumentException($"'{path}' is not a plain absolute path.", nameof(paths));
            }
        }

        return $"for f in {string.Join(' ', paths)}; do printf '\\n{FileMarker}%s\\n' \"$f\"; cat \"$f\" 2>/dev/null; done; echo {EndMarker}";
    }

    /// <summary>Splits the script's output into path → text; files that printed nothing (missing, unreadable) are left out.</summary>
    public static IReadOnlyDictionary<string, string> ParseOutput(IEnumerable<string> lines)
    {
        var texts = new Dictionary<string, string>(StringComparer.Ordinal);
        string? current = null;
        var text = new StringBuilder();
        void Flush()
        {
            var content = text.ToString().Trim('\n');
            if (current is not null && content.Length > 0)
            {
                texts[current] = content + "\n";
            }

            text.Clear();
        }

        foreach (var line in lines)
        {
            if (line.StartsWith(FileMarker, StringComparison.Ordinal))
            {
                Flush();
                current = line[FileMarker.Length..];
            }
            else if (line == EndMarker)
            {
                break;
            }
            else
            {
                text.Append(line).Append('\n');
            }
        }

        Flush();
        return texts;
    }

    public async Task<IReadOnlyDictionary<string, string>> ReadAsync(IReadOnlyList<string> paths, CancellationToken cancellationToken)
    {
        var script = Script(paths);
        var ssh = Start();
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var limit = answered ? readTimeout : readTimeout + TimeSpan.FromSeconds(SshTarget.ConnectTimeoutSeconds);
        timeout.CancelAfter(limit);
        var lines = new List<string>();
        try
        {
            await ssh.StandardInput.WriteLineAsync(script.AsMemory(), timeout.Token).ConfigureAwait(false);
            await ssh.StandardInput.FlushAsync(timeout.Token).ConfigureAwait(false);
            while (true)
            {
                var line = await ssh.StandardOutput.ReadLineAsync(timeout.Token).ConfigureAwait(false);
                if (line is null)
                {
                    throw await FailedAsync("the connection closed").ConfigureAwait(false);
                }

                if (line == EndMarker)
                {
                    break;
                }

                lines.Add(line);
            }
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw await FailedAsync($"no answer within {limit.TotalSeconds:0} s").ConfigureAwait(false);
        }
        catch (IOException e)
        {
            throw await FailedAsync(e.Message).ConfigureAwait(false);
        }

        answered = true;
        return ParseOutput(lines);
    }

    public async ValueTask DisposeAsync()
    {
        if (process is null)
        {
            return;
        }

        try
        {
            // Closing stdin ends the remote shell and with it the session.
            process.StandardInput.Close();
            using var wait = new CancellationTokenSource(TimeSpan.FromSeconds(2));
            await process.WaitForExitAsync(wait.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is OperationCanceledException or IOException or InvalidOperationException)
        {
            Kill();
        }

        process.Dispose();
        process = null;
    }

    private Process Start()
    {
        if (process is not null)
        {
            return process;
        }

        var info = new ProcessStartInfo(sshPath)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var arg in target.Arguments())
        {
            info.ArgumentList.Add(arg);
        }

        var started = new Process { StartInfo = info };
        started.ErrorDataReceived += (_, e) =>
        {
            if (!string.IsNullOrWhiteSpace(e.Data))
            {
                lock (lastError)
                {
                    lastError.Clear().Append(e.Data.Trim());
                }
            }
        };
        try
        {
            started.Start();
        }
        catch (Win32Exception e)
        {
            started.Dispose();
            throw new HostUnreachableException($"cannot run the ssh client '{sshPath}' to read {target}: {e.Message}", e);
        }

        started.BeginErrorReadLine();
        process = started;
        return started;
    }

    private async Task<HostUnreachableException> FailedAsync(string what)
    {
        var ssh = process;
        string detail;
        if (ssh is not null)
        {
            Kill();
            try
            {
                // Let ssh's last words (e.g. "Connection refused") reach the error handler.
                using var wait = new CancellationTokenSource(TimeSpan.FromSeconds(2));
                await ssh.WaitForExitAsync(wait.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
            }

            lock (lastError)
            {
                detail = lastError.Length > 0 ? lastError.ToString() : what;
            }

            ssh.Dispose();
            process = null;
        }
        else
        {
            detail = what;
        }

        return new HostUnreachableException($"cannot read {target} over ssh: {detail}");
    }

    private void Kill()
    {
        try
        {
            if (process is { HasExited: false })
            {
                process.Kill();
            }
        }
        catch (InvalidOperationException)
        {
        }
    }

    [GeneratedRegex("^/[A-Za-z0-9_./-]+$")]
    private static partial Regex SafePath();
}
