using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Monitoring;

namespace DvdStore.Driver.Running;

/// <summary>
/// What the reader of a result must know about the run, in a fixed order: the setup's findings, the cross-check,
/// client saturation, the server's, reconnects, abandoned orders, users stopped early, the fatal error, cancellation.
/// </summary>
public sealed class RunFindings
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;
    private readonly List<Finding> findings;

    public RunFindings(IEnumerable<Finding> setupFindings) => findings = [.. setupFindings];

    public IReadOnlyList<Finding> All => findings;

    /// <summary>True when any finding is an error: the run failed.</summary>
    public bool AnyError => findings.Any(static f => f.Severity == FindingSeverity.Error);

    /// <summary>The first error's message, if any.</summary>
    public string? FirstError => findings.FirstOrDefault(static f => f.Severity == FindingSeverity.Error)?.Message;

    public void Add(Finding finding) => findings.Add(finding);

    public void AddRange(IEnumerable<Finding> more) => findings.AddRange(more);

    public void AddCrossCheck(CrossCheck? check)
    {
        if (check is not null && OrdersCrossCheck.Assess(check) is { } finding)
        {
            findings.Add(finding);
        }
    }

    /// <summary>Findings from the measurement itself: client saturation, the server, reconnects, abandoned orders.</summary>
    public void AddMeasured(Measurement measured, RunTotals totals, IReadOnlyList<ErrorCause> errorCauses, int usableCpus)
    {
        var saturation = ClientSaturation.Assess(measured.MeanMeasuredCpu, measured.PeakCpuPercent, measured.PeakLagMs, usableCpus, measured.Host);
        var clientSaturated = saturation is not null;
        if (saturation is not null)
        {
            findings.Add(saturation);
        }

        findings.AddRange(ServerMetricsFindings.Assess(measured.ServerMetrics, measured.Summary.Run.CommittedOrders, clientSaturated, measured.Summary.ElapsedSeconds));
        if (measured.SinceStart.Reconnects > 0)
        {
            findings.Add(new Finding("reconnects", FindingSeverity.Warning, string.Create(Inv, $"{measured.SinceStart.Reconnects} connection(s) were lost and re-opened during the run.")));
        }

        if (totals.Errors > 0)
        {
            var most = errorCauses.Count == 0 ? "" : string.Create(Inv, $"; most often ({errorCauses[0].Count} in the whole run): {errorCauses[0].Cause}");
            findings.Add(new Finding("errors", FindingSeverity.Warning, string.Create(Inv, $"{totals.Errors} order(s) were abandoned after failed calls{most} (see errorCauses and transactions[].errors).")));
        }
    }

    /// <summary>Findings about how the run ended: users stopped early, a fatal error, a cancellation.</summary>
    public void AddEnding(IReadOnlyList<string> userFailures, string? fatal, bool cancelled)
    {
        if (userFailures.Count > 0)
        {
            findings.Add(new Finding("users-stopped", FindingSeverity.Warning, $"{userFailures.Count} user(s) stopped early; first: {userFailures[0]}"));
        }

        if (fatal is not null)
        {
            findings.Add(new Finding("fatal", FindingSeverity.Error, fatal));
        }

        if (cancelled)
        {
            findings.Add(new Finding("cancelled", FindingSeverity.Warning, "the run was stopped before its end (Ctrl-C/SIGTERM); figures cover the time actually run."));
        }
    }
}
