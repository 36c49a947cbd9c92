namespace DvdStore.Analysis.Reports;

/// <summary>One stacked bar: its category label and its segments, bottom first (a segment's name is its legend entry).</summary>
public sealed record ChartStack(string Category, IReadOnlyList<ChartSegment> Segments);

/// <summary>One segment of a stacked bar.</summary>
public sealed record ChartSegment(string Name, double Value);
