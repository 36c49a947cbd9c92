using DvdStore.Monitoring.Host;
using DvdStore.Schema;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>The user's choices for server metrics, validated.</summary>
/// <param name="DataDirectory">The server's data directory on its host, for disk metrics; null for none.</param>
/// <param name="ServerPid">The server process on its host, for its CPU set; null for whole-host CPU only.</param>
public sealed record ServerMetricsOptions(ServerMetricsMode Mode, SshTarget? Host, string? DataDirectory, int? ServerPid)
{
    public static readonly ServerMetricsOptions Off = new(ServerMetricsMode.Off, null, null, null);

    /// <summary>Wait samples a second of the store's sessions (read through SQL in every mode); 0 = none.</summary>
    public int WaitsPerSecond { get; init; } = WaitSampler.DefaultPerSecond;

    /// <summary>Builds options from the CLI values; a wrong combination is a <see cref="UserError"/>.</summary>
    public static ServerMetricsOptions From(string? mode, string? host, string? dataDirectory, int? serverPid)
    {
        var parsed = (mode ?? "local").Trim().ToLowerInvariant() switch
        {
            "local" => ServerMetricsMode.Local,
            "ssh" => ServerMetricsMode.Ssh,
            "off" or "none" => ServerMetricsMode.Off,
            _ => throw new UserError($"--server-metrics '{mode}' is not a mode; use local|ssh|off."),
        };
        if (parsed == ServerMetricsMode.Ssh && string.IsNullOrWhiteSpace(host))
        {
            throw new UserError("--server-metrics ssh needs --server-host user@host (key authentication; ssh never asks for a password here).");
        }

        if (parsed != ServerMetricsMode.Ssh && !string.IsNullOrWhiteSpace(host))
        {
            throw new UserError($"--server-host is only read with --server-metrics ssh (now {parsed.ToString().ToLowerInvariant()}); add --server-metrics ssh or drop --server-host.");
        }

        if (serverPid is <= 0)
        {
            throw new UserError($"--server-pid {serverPid} is not a process id; give the server's main pid ({EngineCatalog.ServerPidHints}).");
        }

        if (dataDirectory is not null && parsed == ServerMetricsMode.Ssh && !dataDirectory.StartsWith('/'))
        {
            throw new UserError($"--server-data-dir '{dataDirectory}' must be an absolute path on the server's host.");
        }

        return new ServerMetricsOptions(
            parsed,
            parsed == ServerMetricsMode.Ssh ? SshTarget.Parse(host) : null,
            string.IsNullOrWhiteSpace(dataDirectory) ? null : dataDirectory,
            serverPid);
    }
}
