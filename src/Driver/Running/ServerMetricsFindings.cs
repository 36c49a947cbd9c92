using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Monitoring;

namespace DvdStore.Driver.Running;

/// <summary>What the server figures say about the measurement itself, as findings for <see cref="RunResult.Findings"/>.</summary>
public static class ServerMetricsFindings
{
    /// <summary>Below this busy share of the server's CPUs, a saturated client means the client, not the server, set the pace.</summary>
    public const double BusyServerPercent = 70;

    /// <summary>The engine may count fewer commits than the driver by the statistics' lag (PostgreSQL: up to ~1 s); beyond this share it is a finding.</summary>
    public const double CommitShortfallTolerance = 0.10;

    /// <param name="committedOrders">The driver's committed orders in the same measured window.</param>
    /// <param name="clientSaturated">True when the driver found its own machine saturated (its client-saturation finding).</param>
    public static IReadOnlyList<Finding> Assess(ServerMetricsSummary summary, long committedOrders, bool clientSaturated)
    {
        var findings = new List<Finding>();
        var average = summary.Average;
        var (cpu, which) = average.CpuSetPercent is { } set
            ? (set, $"the server's CPUs ({summary.CpuSet})")
            : (average.CpuPercent, "the server host's CPUs");
        if (clientSaturated && cpu is { } busy && busy < BusyServerPercent)
        {
            findings.Add(new Finding(
                "client-bound",
                FindingSeverity.Warning,
                F($"the client was saturated while {which} were only {busy:0}% busy: this run measured the client, not the server; add driver machines or check the client's CPUs")));
        }

        if (average.EngineCommits is { } commits && committedOrders > 0 && commits < committedOrders * (1 - CommitShortfallTolerance))
        {
            findings.Add(new Finding(
                "engine-commits",
                FindingSeverity.Warning,
                F($"the engine counted {commits} commits in the measured window but the driver committed {committedOrders} orders: the counters cover another database or were reset")));
        }

        if (summary.Warnings.Count > 0)
        {
            findings.Add(new Finding(
                "server-metrics",
                FindingSeverity.Warning,
                "server metrics incomplete: " + string.Join("; ", summary.Warnings)));
        }

        return findings;
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
