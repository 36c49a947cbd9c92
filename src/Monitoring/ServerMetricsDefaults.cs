using System.Net;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>
/// The server-metrics choice a run makes when the user did not name a mode: host figures from this machine when the
/// database is on it (a loopback host, a local socket, an in-process engine), over SSH when --server-host is given, else none
/// (engine counters are read through SQL in every mode).
/// </summary>
public static class ServerMetricsDefaults
{
    /// <param name="mode">--server-metrics as given, or null/empty when not given.</param>
    public static ServerMetricsOptions Resolve(string? mode, string? host, string? dataDirectory, int? serverPid, StoreTarget target)
    {
        var chosen = !string.IsNullOrWhiteSpace(mode) ? mode
            : !string.IsNullOrWhiteSpace(host) ? "ssh"
            : IsLocal(target) ? "local"
            : "off";
        return ServerMetricsOptions.From(chosen, host, dataDirectory, serverPid);
    }

    /// <summary>True when the target's server runs on this machine: an in-process engine, no host (the driver's default), a socket path, a loopback address or this host's name.</summary>
    public static bool IsLocal(StoreTarget target)
    {
        if (target.Engine.Profile.InProcess)
        {
            return true;
        }

        var host = ConnectionStrings.Value(target.ConnectionString, "Host", "Server", "Data Source", "DataSource", "Address");
        return IsLocalHost(host);
    }

    /// <summary>
    /// The host part of a connection's server value (<c>tcp:host,port</c>, <c>host:port/service</c>, several hosts
    /// separated by commas take the first) is this machine.
    /// </summary>
    public static bool IsLocalHost(string? server)
    {
        if (string.IsNullOrWhiteSpace(server))
        {
            return true;
        }

        var host = server.Trim();
        if (host.StartsWith('/') || host is "." or "(local)" or "(localdb)")
        {
            return true;
        }

        if (host.StartsWith("tcp:", StringComparison.OrdinalIgnoreCase))
        {
            host = host[4..];
        }

        host = host.Split(',')[0].Split('/')[0].Split('\\')[0];
        if (host.StartsWith('[') && host.IndexOf(']') is var close and > 0)
        {
            host = host[1..close];
        }
        else if (host.Count(static c => c == ':') == 1)
        {
            host = host[..host.IndexOf(':')];
        }

        if (host.Equals("localhost", StringComparison.OrdinalIgnoreCase) || host.Equals(Dns.GetHostName(), StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        return IPAddress.TryParse(host, out var address) && IPAddress.IsLoopback(address);
    }
}
