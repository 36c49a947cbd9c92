namespace DvdStore.Analysis.Reports;

/// <summary>A chart drawn both ways: PNG bytes (for slides and the HTML report) and SVG text.</summary>
public sealed record RenderedChart(ChartSpec Spec, byte[] Png, string Svg);
