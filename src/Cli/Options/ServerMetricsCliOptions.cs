using System.CommandLine;
using DvdStore.Monitoring;

namespace DvdStore.Cli.Options;

/// <summary>
/// The server-metrics options, made once for every command that samples the server (<c>run</c>, <c>server-metrics</c>):
/// <c>--server-metrics local|ssh|off</c>, <c>--server-host</c>, <c>--server-data-dir</c>, <c>--server-pid</c>.
/// </summary>
public sealed class ServerMetricsCliOptions
{
    public Option<string> Mode { get; } = new("--server-metrics")
    {
        Description = "Where the database server's CPU, memory and disk figures come from: local (the server runs on this machine), " +
            "ssh (read its /proc over ssh, see --server-host) or off. Engine counters are read through SQL either way.",
        DefaultValueFactory = _ => "local",
        HelpName = "local|ssh|off",
    };

    public Option<string?> Host { get; } = new("--server-host")
    {
        Description = "The server's host for --server-metrics ssh: [user@]host[:port]. Key authentication only (ssh BatchMode): " +
            "set up a key or agent first; no password is ever asked for. If the host cannot be read, the run goes on without host figures.",
        HelpName = "user@host",
    };

    public Option<string?> DataDirectory { get; } = new("--server-data-dir")
    {
        Description = "The server's data directory on its host; its disk's reads/s, writes/s, MB/s and latency are recorded.",
        HelpName = "path",
    };

    public Option<int?> ServerPid { get; } = new("--server-pid")
    {
        Description = "The server's process id on its host; the busy share of the CPUs it may use (its cpuset/affinity) is recorded.",
        HelpName = "pid",
    };

    /// <summary>Adds the four options to <paramref name="command"/>.</summary>
    public void AddTo(Command command)
    {
        command.Options.Add(Mode);
        command.Options.Add(Host);
        command.Options.Add(DataDirectory);
        command.Options.Add(ServerPid);
    }

    /// <summary>The validated choices (a wrong combination is a UserError).</summary>
    public ServerMetricsOptions Read(ParseResult result) =>
        ServerMetricsOptions.From(result.GetValue(Mode), result.GetValue(Host), result.GetValue(DataDirectory), result.GetValue(ServerPid));
}
