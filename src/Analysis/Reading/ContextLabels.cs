using System.Globalization;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Labels derived from what a run recorded: CPUs it could use, SMT, affinity, CPU model (generation),
/// engine, store size, thread count and host. The run's own <c>--label</c>s and the user's overrides win over these.
/// </summary>
internal static class ContextLabels
{
    public static Dictionary<string, string> Derive(RunResult result)
    {
        var labels = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var client = result.Context.Client;
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
        Put(labels, LabelKeys.Host, client.Hostname);
        Put(labels, LabelKeys.Engine, result.Context.Servers.Count > 0 ? result.Context.Servers[0].Engine : "");
        Put(labels, LabelKeys.Size, Parameter(result, "db_size", "size"));
        Put(labels, LabelKeys.Threads, Parameter(result, "n_threads", "users"));
        foreach (var (key, value) in result.Context.Labels)
        {
            labels[key] = value;
        }

        return labels;
    }

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
