using System.Data.Common;
using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Schema.Engines;

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
            // A driver pinned with --driver-cpus ran on CPUs of its own: its affinity says nothing about the server's.
            var ownCpus = Parameter(result, SweepKeys.DriverCpus).Length > 0;
            var vcpus = client.AffinityCpuCount > 0 ? client.AffinityCpuCount : client.OnlineCpuCount;
            if (vcpus > 0 && !ownCpus)
            {
                labels[LabelKeys.Vcpus] = vcpus.ToString(CultureInfo.InvariantCulture);
            }

            if (client.ThreadsPerCore > 0)
            {
                labels[LabelKeys.Smt] = client.SmtEnabled ? LabelKeys.On : LabelKeys.Off;
            }

            if (client.AffinityCpuCount > 0 && client.OnlineCpuCount > 0 && !ownCpus)
            {
                labels[LabelKeys.Affinity] = client.AffinityCpuCount < client.OnlineCpuCount ? LabelKeys.Pinned : LabelKeys.Unpinned;
            }

            Put(labels, LabelKeys.Generation, client.CpuModel);
        }

        Put(labels, LabelKeys.Host, client.Hostname);
        Put(labels, LabelKeys.Engine, result.Context.Servers.Count > 0 ? result.Context.Servers[0].Engine : "");
        Put(labels, LabelKeys.Size, Parameter(result, "db_size", "size"));
        Put(labels, LabelKeys.Threads, Parameter(result, "n_threads", "threads", "users"));
        ComparisonFactors.Add(labels, result);
        Put(labels, LabelKeys.Rate, Parameter(result, "rate"));
        foreach (var (key, value) in result.Context.Labels)
        {
            labels[key] = value;
        }

        FromSweep(labels, result.Context.Labels, client.OnlineCpuCount);
        return labels;
    }

    /// <summary>
    /// A <c>dvdstore sweep</c> step records the server's CPU set (cpus, threads_per_core, cpu_study, cpu_variant),
    /// not the driver's: that set is what the studies compare, so it becomes vcpus, smt, affinity and numa.
    /// Labels the user or the run set explicitly win.
    /// </summary>
    /// <param name="onlineCpus">The machine's online CPUs when recorded (0 = unknown): a set of all of them is no pinning.</param>
    private static void FromSweep(Dictionary<string, string> labels, IReadOnlyDictionary<string, string> own, int onlineCpus)
    {
        if (!own.TryGetValue(SweepKeys.CpuSet, out var set) || set == LabelKeys.Unpinned
            || !own.TryGetValue(SweepKeys.Cpus, out var cpus) || !int.TryParse(cpus, NumberStyles.Integer, CultureInfo.InvariantCulture, out var count))
        {
            return;
        }

        Derived(LabelKeys.Vcpus, count.ToString(CultureInfo.InvariantCulture));
        Derived(LabelKeys.Affinity, onlineCpus > 0 && count >= onlineCpus ? LabelKeys.Unpinned : LabelKeys.Pinned);
        if (own.TryGetValue(SweepKeys.ThreadsPerCore, out var tpc) && int.TryParse(tpc, NumberStyles.Integer, CultureInfo.InvariantCulture, out var threadsPerCore))
        {
            Derived(LabelKeys.Smt, threadsPerCore > 1 ? LabelKeys.On : LabelKeys.Off);
        }

        if (own.TryGetValue(SweepKeys.Users, out var users))
        {
            Derived(LabelKeys.Threads, users);
        }

        // Only the affinity study varies placement on purpose; elsewhere numa would split a scaling series.
        if (own.TryGetValue(SweepKeys.Study, out var study) && study == "affinity" && own.TryGetValue(SweepKeys.Variant, out var variant))
        {
            Derived(LabelKeys.Numa, variant == "spread" ? LabelKeys.Spread : LabelKeys.OneNode);
        }

        void Derived(string key, string value)
        {
            if (!own.ContainsKey(key))
            {
                labels[key] = value;
            }
        }
    }

    /// <summary>True when every target is on the driver's machine (loopback, the driver's host name, or an in-process engine).</summary>
    /// <summary>A recorded parameter by the first of its names that has a value; "" when none has.</summary>
    internal static string Parameter(RunResult result, params string[] names)
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

    internal static bool DriverOnDatabaseMachine(RunResult result)
    {
        var servers = result.Context.Servers;
        if (servers.Count == 0)
        {
            return false;
        }

        return servers.All(s => EngineCatalog.Find(s.Engine)?.Profile.InProcess == true
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

    internal static void Put(Dictionary<string, string> labels, string key, string value)
    {
        if (!string.IsNullOrWhiteSpace(value))
        {
            labels[key] = value.Trim();
        }
    }
}
