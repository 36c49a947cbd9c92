namespace DvdStore.Analysis.Reports;

/// <summary>
/// A study's headline figure for the executive summary: what it is (e.g. "4 × 120 vCPU: 90.0 % of linear"), its
/// 95 % interval in the same unit ("" when a side is a single run) and whether it stands out of the run-to-run noise.
/// </summary>
public sealed record Headline(string Statement, string Interval, string Noise)
{
    /// <summary>The result files the figure rests on (file names, as the study's table lists them).</summary>
    public IReadOnlyList<string> Runs { get; init; } = [];

    /// <summary>
    /// The labels the comparison studies (e.g. affinity, vcpus): the only ones its runs may differ in without the
    /// statement saying so. Empty for a figure of one configuration.
    /// </summary>
    public IReadOnlyList<string> Studied { get; init; } = [];
}
