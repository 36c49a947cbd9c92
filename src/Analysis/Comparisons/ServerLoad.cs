using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;
using DvdStore.Driver.Running;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// How busy the database server was in a configuration's runs (from each result's server metrics), and whether a run
/// measured the client rather than the server: the client saturated while the server's CPUs never got busy.
/// </summary>
public static class ServerLoad
{
    /// <summary>Below this average busy share the server "never got busy" (the driver's own threshold).</summary>
    public const double BusyPercent = DvdStore.Driver.Running.ServerMetricsFindings.BusyServerPercent;

    /// <summary>The server's busy CPU share over a run's measured window: its CPU set when known, else the whole host; null when not measured.</summary>
    public static double? CpuPercent(RunResult result) =>
        result.ServerMetrics?.Average is { } a ? a.CpuSetPercent ?? a.CpuPercent : null;

    /// <summary>The mean server CPU % of the group's runs that measured it; null when none did.</summary>
    public static double? CpuPercent(RunGroup group)
    {
        var values = group.Runs.Select(r => CpuPercent(r.Result)).OfType<double>().ToList();
        return values.Count == 0 ? null : values.Average();
    }

    /// <summary>"63" for a table cell; empty when not measured.</summary>
    public static string Cell(RunGroup group) => CpuPercent(group) is { } cpu ? Format.Number(cpu, 0) : "";

    /// <summary>
    /// True when the run was client-bound: the driver said so (finding client-bound), or it found its client saturated
    /// while the server's average CPU stayed under <see cref="BusyPercent"/>.
    /// </summary>
    public static bool ClientBound(RunResult result) =>
        result.Findings.Any(static f => f.Code == "client-bound")
        || (result.Findings.Any(static f => f.Code == "client-saturation") && CpuPercent(result) is < BusyPercent);

    /// <summary>The group's runs that were client-bound.</summary>
    public static IReadOnlyList<string> ClientBoundRuns(RunGroup group) =>
        group.Runs.Where(r => ClientBound(r.Result)).Select(static r => r.Name).ToList();

    /// <summary>"client-bound" for a table cell when any of the group's runs was; else empty.</summary>
    public static string ClientBoundCell(RunGroup group) => ClientBoundRuns(group).Count > 0 ? "client-bound" : "";

    /// <summary>
    /// The finding for a point of a sweep whose runs were client-bound: "<paramref name="series"/>: at <paramref name="at"/>
    /// the client was saturated … that <paramref name="what"/> measured the client, not the server."; null when none was.
    /// </summary>
    public static string? ClientBoundFinding(RunGroup point, string series, string at, string what) =>
        ClientBoundRuns(point) is { Count: > 0 } runs
            ? $"{series}: at {at} the client was saturated while the server never got busy ({string.Join(", ", runs)}): that {what} measured the client, not the server."
            : null;

}
