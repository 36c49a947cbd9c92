namespace DvdStore.Analysis.Reports;

/// <summary>
/// One line of a line chart; <see cref="Reference"/> lines (e.g. linear scaling) are drawn dashed, <see cref="Model"/>
/// lines (a fitted law) without point markers, dotted where <see cref="Projection"/> (beyond the measured points).
/// </summary>
public sealed record ChartSeries(string Name, IReadOnlyList<double> X, IReadOnlyList<double> Y, bool Reference = false)
{
    /// <summary>A curve computed from a model, not measured: a line without markers.</summary>
    public bool Model { get; init; }

    /// <summary>The model's line beyond the measured range: dotted, so nobody reads it as data.</summary>
    public bool Projection { get; init; }

    /// <summary>95 % CI half-width of each Y (whiskers); empty, or 0 at a point, where there are no repeats.</summary>
    public IReadOnlyList<double> Errors { get; init; } = [];

    /// <summary>A label beside each point, e.g. "8 vCPUs" where the x axis is not the configuration itself.</summary>
    public IReadOnlyList<string> PointLabels { get; init; } = [];
}
