using System.Data.Common;
using System.Globalization;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Labels derived from what a run recorded: engine, store size, thread count and driver host always; the CPU
/// labels (vCPUs, SMT, affinity, CPU model as generation) only when the driver ran on the database machine,
/// because the driver records its own machine and a remote driver's CPUs say nothing about the server.
/// The run's own <c>--label</c>s and the user's overrides win over these.
/// </summary>
internal static class ContextLabels
{
    private static readonly string[] HostKeys = ["Host", "Server", "Data Source", "DataSource", "Address", "Addr"];

    public static Dictionary<string, string> Derive(RunResult result)
    {
        var labels = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var client = result.Context.Client;
        if (DriverOnDatabaseMachine(result))
        {
            var vcpus = client.AffinityCpuCount > 0 ? client.AffinityCpuCount : client.OnlineCpuCount;
            if (vcpus > 0)
            {
                labels[LabelKeys.Vcpus] = vcpus.ToString(CultureInfo.InvariantCulture);
            }

            if (client.ThreadsPerCore > 0)
            {
                labels[LabelKeys.Smt] = client.SmtEnabled ? LabelKeys.On : LabelKeys.Off;
            }

            if (client.AffinityCpuCount > 0 && client.OnlineCpuCount > 0)
            {
                labels[LabelKeys.Affinity] = client.AffinityCpuCount < client.OnlineCpuCount ? LabelKeys.Pinned : LabelKeys.Unpinned;
            }

            Put(labels, LabelKeys.Generation, client.CpuModel);
        }

        Put(labels, LabelKeys.Host, client.Hostname);
        Put(labels, LabelKeys.Engine, result.Context.Servers.Count > 0 ? result.Context.Servers[0].Engine : "");
        Put(labels, LabelKeys.Size, Parameter(result, "db_size", "size"));
        Put(labels, LabelKeys.Threads, Parameter(result, "n_threads", "threads", "users"));
        foreach (var (key, value) in result.Context.Labels)
        {
            labels[key] = value;
        }

        return labels;
    }

    /// <summary>True when every target is on the driver's machine (loopback, the driver's host name, or an in-process engine).</summary>
    internal static bool DriverOnDatabaseMachine(RunResult result)
    {
        var servers = result.Context.Servers;
        if (servers.Count == 0)
        {
            return false;
        }

        return servers.All(s => string.Equals(s.Engine, "sqlite", StringComparison.OrdinalIgnoreCase)
            || IsLocal(ServerHost(s.Connection), result.Context.Client.Hostname));
    }

    private static string ServerHost(string connection)
    {
        var builder = new DbConnectionStringBuilder();
        try
        {
            builder.ConnectionString = connection;
        }
        catch (ArgumentException)
        {
            return "";
        }

        foreach (var key in HostKeys)
        {
            if (builder.TryGetValue(key, out var value) && value?.ToString() is { Length: > 0 } host)
            {
                // "host:port", "host,port" (SQL Server), "tcp:host" and several hosts: the first host decides.
                host = host.Split(';', ',')[0].Trim();
                host = host.StartsWith("tcp:", StringComparison.OrdinalIgnoreCase) ? host[4..] : host;
                var colon = host.LastIndexOf(':');
                return colon > 0 && !host.Contains(']', StringComparison.Ordinal) && host.IndexOf(':') == colon ? host[..colon] : host;
            }
        }

        return "";
    }

    private static bool IsLocal(string host, string clientHostname) =>
        host.Length > 0 && (host is "127.0.0.1" or "::1" or "[::1]" or "." or "(local)"
            || host.StartsWith('/')
            || string.Equals(host, "localhost", StringComparison.OrdinalIgnoreCase)
            || (clientHostname.Length > 0 && string.Equals(host.Split('.')[0], clientHostname.Split('.')[0], StringComparison.OrdinalIgnoreCase)));

    private static string Parameter(RunResult result, params string[] names)
    {
        foreach (var name in names)
        {
            if (result.Parameters.TryGetValue(name, out var value) && value.Length > 0)
            {
                return value;
            }
        }

        return "";
    }

    private static void Put(Dictionary<string, string> labels, string key, string value)
    {
        if (!string.IsNullOrWhiteSpace(value))
        {
            labels[key] = value.Trim();
        }
    }
}
