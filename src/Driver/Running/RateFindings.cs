using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Monitoring;

namespace DvdStore.Driver.Running;

/// <summary>
/// Whether a rate run delivered its schedule: when fewer than 98 % of the starts the schedule placed in the measured
/// window completed (beyond the one order per user that may still be in flight at its end), a <c>rate-not-delivered</c> finding says so and names what held it back: the server (its CPUs
/// busy while the users waited on it), the client (the driver saturated while the server had room) or the users (every
/// user busy while the server had room: too few users for the rate at this service time).
/// </summary>
public static class RateFindings
{
    /// <summary>Delivered below this share of the scheduled starts is a finding.</summary>
    public const double DeliveredShare = 0.98;

    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>The summary with its <see cref="OpenLoopSummary.Limit"/>, and the finding when the rate fell short.</summary>
    /// <param name="deliveredOrders">Orders completed in the measured window.</param>
    public static (OpenLoopSummary Summary, Finding? Finding) Assess(OpenLoopSummary summary, long deliveredOrders, int users, bool clientSaturated, ServerMetricsSummary? server)
    {
        // Each user may still have one order in flight at the window's end: short by more than those and 2 %.
        if (deliveredOrders + users >= DeliveredShare * summary.ScheduledOrders)
        {
            return (summary, null);
        }

        var serverCpu = server?.Average.CpuSetPercent ?? server?.Average.CpuPercent;
        var meanServiceMs = summary.ServiceTime.MeanMs;
        var usersCanStart = meanServiceMs > 0 ? users * 60_000 / meanServiceMs : double.PositiveInfinity;
        var shortBy = string.Create(Inv, $"the rate run delivered {summary.DeliveredOpm:F0} OPM of the {summary.ScheduledOpm:F0} its schedule offered ({summary.DeliveredPercent:F1} %, target {summary.TargetOpm:F0})");
        var queued = string.Create(Inv, $"up to {summary.MaxBacklog} start(s) waited for a free user, the longest {summary.MaxLagMs:F0} ms");
        // A busy server is the limit even when the client also lagged (a shared machine); a saturated client with an idle server is the client's.
        var (limit, why) = (clientSaturated, serverCpu) switch
        {
            (_, >= ServerMetricsFindings.BusyServerPercent) => ("server", string.Create(Inv, $"{queued} while the server's CPUs were {serverCpu:F0} % busy: the server is the limit at this rate")),
            (true, _) => ("client", "the driver itself was saturated (see client-saturation) while the server had room: use more client CPUs or driver processes"),
            (_, { } idle) => ("users", string.Create(Inv, $"{queued} while the server's CPUs were only {idle:F0} % busy: {users} user(s) at {meanServiceMs:F1} ms per order start at most {usersCanStart:F0} OPM; run with more users (if the OPM stays put, the server is waiting on locks or I/O and is the limit)")),
            _ => ("users", string.Create(Inv, $"{queued}: {users} user(s) at {meanServiceMs:F1} ms per order start at most {usersCanStart:F0} OPM; run with more users (the server's CPU was not measured: if the OPM stays put with more users, the server is the limit)")),
        };
        return (summary with { Limit = limit }, new Finding("rate-not-delivered", FindingSeverity.Warning, $"{shortBy}; {why}."));
    }
}
