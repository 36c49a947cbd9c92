namespace DvdStore.Analysis.Reports;

/// <summary>A vertical dotted line at <see cref="X"/>, named in the legend (e.g. "warm-up ends").</summary>
public sealed record ChartMarker(double X, string Label);
