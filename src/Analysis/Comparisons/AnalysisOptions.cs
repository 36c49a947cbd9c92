namespace DvdStore.Analysis.Comparisons;

/// <summary>The user's analysis choices.</summary>
public sealed record AnalysisOptions
{
    /// <summary>The generation label value (or a run's file name) everything is normalised to; empty = the oldest/smallest.</summary>
    public string Baseline { get; init; } = "";

    /// <summary>A thread step that adds less than this fraction of OPM ends the climb (peak finding).</summary>
    public double PeakThreshold { get; init; } = 0.05;

    /// <summary>Repeats whose coefficient of variation exceeds this (%) are flagged noisy.</summary>
    public double NoiseCvPercent { get; init; } = 5.0;

    /// <summary>
    /// Count Failed, Cancelled and Interrupted runs as repeats too. Off by default: a run that stopped early (0 OPM
    /// after a failure, 4 s of a cancelled run) is no measurement of its configuration; such runs are always listed.
    /// </summary>
    public bool IncludeUnfinished { get; init; }
}
