namespace DvdStore.Analysis.Reports;

/// <summary>
/// What a chart shows, independent of how it is drawn: line <see cref="Series"/>, <see cref="Bars"/> or stacked bars (<see cref="Stacks"/>),
/// with a title, axis titles that carry units, and an optional horizontal reference value (e.g. 1.0 = baseline).
/// </summary>
public sealed record ChartSpec(string Title, string FileName, string XLabel, string YLabel)
{
    public IReadOnlyList<ChartSeries> Series { get; init; } = [];

    public IReadOnlyList<ChartBar> Bars { get; init; } = [];

    /// <summary>Stacked bars: one per category, its segments stacked in order (drawn instead of lines or plain bars).</summary>
    public IReadOnlyList<ChartStack> Stacks { get; init; } = [];

    /// <summary>A horizontal dashed line across the chart, labelled <see cref="ReferenceLabel"/>.</summary>
    public double? ReferenceValue { get; init; }

    public string ReferenceLabel { get; init; } = "";

    /// <summary>Category names for the x ticks of a line chart whose x values are 0, 1, 2, …</summary>
    public IReadOnlyList<string> XCategories { get; init; } = [];

    /// <summary>The x values are whole configurations (vCPUs, threads): ticks at those values, never fractions.</summary>
    public bool IntegerX { get; init; }

    /// <summary>The x axis is a percentage: drawn 0–100 %, never autoscaled to a sliver.</summary>
    public bool PercentX { get; init; }

    /// <summary>Vertical marks across the chart, e.g. the end of the warm-up.</summary>
    public IReadOnlyList<ChartMarker> Markers { get; init; } = [];
}
