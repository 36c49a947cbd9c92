namespace DvdStore.Analysis.Reports;

/// <summary>
/// A vertical dotted line at <see cref="X"/>, named in the legend (e.g. "warm-up ends"; an empty label adds no legend
/// entry). With <see cref="Series"/> it is drawn in that line's colour: one run's own mark among runs that differ.
/// </summary>
public sealed record ChartMarker(double X, string Label)
{
    public string? Series { get; init; }
}
