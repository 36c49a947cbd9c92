namespace DvdStore.Analysis.Reports;

/// <summary>One line of a line chart; <see cref="Reference"/> lines (e.g. linear scaling) are drawn dashed.</summary>
public sealed record ChartSeries(string Name, IReadOnlyList<double> X, IReadOnlyList<double> Y, bool Reference = false);
