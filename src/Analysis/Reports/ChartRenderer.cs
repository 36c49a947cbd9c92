using ScottPlot;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// Draws a <see cref="ChartSpec"/> with ScottPlot 5 (headless, SkiaSharp): large fonts, a title, axis titles with
/// units and a legend, so a chart reads on a slide. Reference lines (linear scaling, baseline) are dashed.
/// </summary>
public static class ChartRenderer
{
    public const int Width = 1200;
    public const int Height = 700;

    public static RenderedChart Render(ChartSpec spec, int width = Width, int height = Height)
    {
        var plot = Build(spec);
        var png = plot.GetImageBytes(width, height, ImageFormat.Png);
        var svg = plot.GetSvgXml(width, height);
        return new RenderedChart(spec, png, svg);
    }

    private static Plot Build(ChartSpec spec)
    {
        var plot = new Plot();
        plot.Title(spec.Title, 26);
        plot.XLabel(spec.XLabel, 20);
        plot.YLabel(spec.YLabel, 20);
        plot.Axes.Bottom.TickLabelStyle.FontSize = 16;
        plot.Axes.Left.TickLabelStyle.FontSize = 16;
        if (spec.Bars.Count > 0)
        {
            AddBars(plot, spec);
        }
        else
        {
            AddLines(plot, spec);
        }

        if (spec.ReferenceValue is { } reference)
        {
            var line = plot.Add.HorizontalLine(reference, 2, Colors.Black, LinePattern.Dashed);
            line.LegendText = spec.ReferenceLabel;
        }

        plot.Legend.FontSize = 16;
        if (spec.Bars.Count == 0 && spec.Series.Count > 2)
        {
            // Many lines: a legend inside would hide some of them; put it beside the data.
            plot.ShowLegend(Edge.Right);
        }
        else
        {
            plot.ShowLegend(Alignment.UpperLeft);
        }
        return plot;
    }

    private static void AddLines(Plot plot, ChartSpec spec)
    {
        var palette = new ScottPlot.Palettes.Category10();
        var colour = 0;
        foreach (var series in spec.Series)
        {
            var scatter = plot.Add.Scatter(series.X.ToArray(), series.Y.ToArray());
            scatter.LegendText = series.Name;
            scatter.LineWidth = series.Reference ? 2 : 3;
            scatter.MarkerSize = series.Reference ? 0 : 9;
            if (series.Reference)
            {
                scatter.LinePattern = LinePattern.Dashed;
                scatter.Color = Colors.Gray;
            }
            else
            {
                scatter.Color = palette.GetColor(colour++);
            }
        }

        if (spec.XCategories.Count > 0)
        {
            plot.Axes.Bottom.SetTicks(Enumerable.Range(0, spec.XCategories.Count).Select(i => (double)i).ToArray(), spec.XCategories.ToArray());
        }

        plot.Axes.AutoScale();
        if (spec.Series.Count > 0 && spec.Series.SelectMany(s => s.Y).DefaultIfEmpty(0).Min() >= 0)
        {
            // Throughput and latency start at zero: a truncated axis exaggerates differences.
            var limits = plot.Axes.GetLimits();
            plot.Axes.SetLimitsY(0, limits.Top);
        }
    }

    private static void AddBars(Plot plot, ChartSpec spec)
    {
        var palette = new ScottPlot.Palettes.Category10();
        var bars = spec.Bars.Select((b, i) => new Bar
        {
            Position = i,
            Value = b.Value,
            Error = b.Error ?? 0,
            FillColor = palette.GetColor(i % 10),
            Label = b.Value.ToString(b.Value < 10 ? "0.00" : "0", System.Globalization.CultureInfo.InvariantCulture),
        }).ToList();
        var plottable = plot.Add.Bars(bars);
        plottable.ValueLabelStyle.FontSize = 16;
        plot.Axes.Bottom.SetTicks(Enumerable.Range(0, spec.Bars.Count).Select(i => (double)i).ToArray(), spec.Bars.Select(b => b.Category).ToArray());
        if (spec.Bars.Count > 4 || spec.Bars.Any(b => b.Category.Length > 14))
        {
            plot.Axes.Bottom.TickLabelStyle.Rotation = -30;
            plot.Axes.Bottom.TickLabelStyle.Alignment = Alignment.MiddleRight;
        }

        plot.Axes.Margins(bottom: 0);
        var top = spec.Bars.Max(b => b.Value + (b.Error ?? 0));
        plot.Axes.SetLimits(-0.6, spec.Bars.Count - 0.4, 0, Math.Max(top, spec.ReferenceValue ?? 0) * 1.15);
    }
}
