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
    /// <param name="measuredSeconds">The measured window's length; 0 = not known (the counters are taken to cover all of it).</param>
    public static IReadOnlyList<Finding> Assess(ServerMetricsSummary summary, long committedOrders, bool clientSaturated, double measuredSeconds = 0)
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

        // Intervals whose counter read failed (the monitor's session was killed too) count nothing: compare with the
        // driver's orders over the seconds the counters covered, not over the whole window.
        var covered = measuredSeconds > 0 && summary.EngineSeconds > 0 ? Math.Min(1, summary.EngineSeconds / measuredSeconds) : 1;
        if (average.EngineCommits is { } commits && committedOrders > 0 && commits < committedOrders * covered * (1 - CommitShortfallTolerance))
        {
            var window = covered < 1 ? F($"in the {summary.EngineSeconds:0} s of the measured window it was read") : "in the measured window";
            findings.Add(new Finding(
                "engine-commits",
                FindingSeverity.Warning,
                F($"the engine counted {commits} commits {window} but the driver committed {committedOrders} orders{(covered < 1 ? F($" in {measuredSeconds:0} s") : "")}: the counters cover another database or were reset")));
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
