namespace DvdStore.Analysis.Reports;

/// <summary>One bar: its category label, value and optional error (95 % CI half-width).</summary>
public sealed record ChartBar(string Category, double Value, double? Error = null);
