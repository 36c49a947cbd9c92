namespace DvdStore.Studies;

/// <summary>
/// What the sweep asks of the Analysis report at its end: the step folders to read (one per CPU set, so neither
/// sweep.json nor an older report is taken for a run), the folder to write the report to, and the peak threshold
/// the sweep used (percent). The Analysis library does the work; the CLI wires
/// it in, because Analysis references the Driver and not the other way round.
/// </summary>
public sealed record SweepReportRequest(IReadOnlyList<string> Inputs, string ReportFolder, double PeakThresholdPercent, Driver.Results.LatencySla? Sla = null);
