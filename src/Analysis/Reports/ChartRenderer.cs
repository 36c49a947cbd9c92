using System.Globalization;
using ScottPlot;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// Draws a <see cref="ChartSpec"/> with ScottPlot 5 (headless, SkiaSharp) so a reader can trust it: a title sized to
/// fit, axis titles with units, whole-number axes (vCPUs, threads) ticked only at whole numbers (at the measured
/// configurations when there are few), percentages on a fixed 0–100 % axis, 95 % CI whiskers where repeats exist,
/// point labels where the x axis is not the configuration, vertical markers (warm-up end), dashed reference lines,
/// and a legend beside the plot when it has more than two entries, with short names, so it hides no line.
/// </summary>
public static class ChartRenderer
{
    public const int Width = 1200;
    public const int Height = 700;

    /// <summary>Up to this many distinct x values of a whole-number axis are ticked one by one.</summary>
    private const int MaxConfigurationTicks = 16;

    /// <summary>A legend entry longer than this wraps onto further lines.</summary>
    private const int MaxLegendText = 36;

    /// <summary>About what a legend beside the plot takes from the chart's width, in pixels.</summary>
    private const int LegendBesideWidth = 350;

    /// <summary>The height of one point label (15 px text and a gap), in pixels.</summary>
    private const float LabelLine = 19;

    public static RenderedChart Render(ChartSpec spec, int width = Width, int height = Height)
    {
        var plot = Build(spec, width);
        var png = plot.GetImageBytes(width, height, ImageFormat.Png);
        var svg = plot.GetSvgXml(width, height);
        return new RenderedChart(spec, png, svg);
    }

    /// <summary>The title's font size: 26 px, smaller for a long title so it fits the width (about 0.55 em per character).</summary>
    public static float TitleSize(string title, int width) => (float)Math.Clamp((width - 60) / (0.55 * Math.Max(1, title.Length)), 14, 26);

    private static Plot Build(ChartSpec spec, int width)
    {
        var plot = new Plot();
        var entries = spec.Series.Count + (spec.ReferenceValue is null ? 0 : 1) + spec.Markers.Select(m => m.Label).Where(l => l.Length > 0).Distinct(StringComparer.Ordinal).Count();
        var legendBeside = spec.Stacks.Count > 0 || (spec.Bars.Count == 0 && entries > 2);
        // The title is centred over the plot, which a legend beside it narrows: sized to what is left, it is not cut.
        plot.Title(spec.Title, TitleSize(spec.Title, legendBeside ? width - LegendBesideWidth : width));
        plot.XLabel(spec.XLabel, 20);
        plot.YLabel(spec.YLabel, 20);
        plot.Axes.Bottom.TickLabelStyle.FontSize = 16;
        plot.Axes.Left.TickLabelStyle.FontSize = 16;
        if (spec.Stacks.Count > 0)
        {
            AddStacks(plot, spec);
        }
        else if (spec.Bars.Count > 0)
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

        foreach (var marker in spec.Markers)
        {
            var colour = marker.Series is { } name && spec.Series.ToList().FindIndex(s => s.Name == name) is var index and >= 0 ? SeriesColour(spec, index) : Colors.DimGray;
            var line = plot.Add.VerticalLine(marker.X, 2, colour, LinePattern.Dotted);
            line.LegendText = marker.Label;
        }

        plot.Legend.FontSize = 16;
        if (legendBeside)
        {
            // Beside the plot, sized to its entries (short: labels that differ, never file names), so no line is hidden.
            plot.ShowLegend(Edge.Right);
        }
        else
        {
            plot.ShowLegend(Alignment.UpperLeft);
        }

        return plot;
    }

    /// <summary>A line's colour: the palette in order over the measured lines, grey for reference lines.</summary>
    private static Color SeriesColour(ChartSpec spec, int index) =>
        spec.Series[index].Reference ? Colors.Gray : new ScottPlot.Palettes.Category10().GetColor(spec.Series.Take(index).Count(s => !s.Reference));

    /// <summary>A long legend entry wraps after a comma onto further lines, never cut: the end may be what tells two lines apart.</summary>
    public static string LegendText(string name)
    {
        if (name.Length <= MaxLegendText)
        {
            return name;
        }

        var lines = new List<string>();
        var line = "";
        foreach (var part in name.Split(", "))
        {
            if (line.Length > 0 && line.Length + 2 + part.Length > MaxLegendText)
            {
                lines.Add(line + ",");
                line = part;
            }
            else
            {
                line = line.Length == 0 ? part : line + ", " + part;
            }
        }

        lines.Add(line);
        return string.Join('\n', lines);
    }

    private static void AddLines(Plot plot, ChartSpec spec)
    {
        var placed = new List<(double Left, double Right, double Bottom)>();
        for (var index = 0; index < spec.Series.Count; index++)
        {
            var series = spec.Series[index];
            var x = series.X.ToArray();
            var y = series.Y.ToArray();
            var scatter = plot.Add.Scatter(x, y);
            scatter.LegendText = LegendText(series.Name);
            scatter.LineWidth = series.Reference ? 2 : 3;
            scatter.MarkerSize = series.Reference || series.Model ? 0 : 9;
            scatter.Color = series.Model ? Colors.Black : SeriesColour(spec, index);
            if (series.Reference || series.Projection)
            {
                scatter.LinePattern = series.Projection ? LinePattern.Dotted : LinePattern.Dashed;
            }

            if (series.Errors.Count == y.Length && series.Errors.Any(e => e > 0))
            {
                var whiskers = plot.Add.ErrorBar(x, y, series.Errors.ToArray());
                whiskers.Color = scatter.Color;
                whiskers.LineWidth = 2;
            }

            for (var i = 0; i < Math.Min(series.PointLabels.Count, x.Length); i++)
            {
                var label = plot.Add.Text(series.PointLabels[i], x[i], y[i]);
                label.LabelFontSize = 15;
                label.LabelFontColor = scatter.Color;
                // Points close together (a saturated server: every step at 99–100 % CPU) would print their labels on
                // top of each other: each label that would overlap one already placed moves a line further up.
                var leftOfPoint = spec.PercentX && x[i] > 70;
                label.OffsetY = -8 - (LabelLine * Shift(placed, spec, series.PointLabels[i], x[i], y[i], leftOfPoint));
                if (leftOfPoint)
                {
                    // Near 100 % the label goes left of its point, inside the plot.
                    label.Alignment = Alignment.LowerRight;
                    label.OffsetX = -8;
                }
                else
                {
                    label.Alignment = Alignment.LowerLeft;
                    label.OffsetX = 8;
                }
            }
        }

        if (spec.XCategories.Count > 0)
        {
            plot.Axes.Bottom.SetTicks(Enumerable.Range(0, spec.XCategories.Count).Select(i => (double)i).ToArray(), spec.XCategories.ToArray());
        }
        else if (spec.IntegerX)
        {
            IntegerTicks(plot, spec);
        }

        plot.Axes.AutoScale();
        var limits = plot.Axes.GetLimits();
        if (spec.PercentX)
        {
            plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(
                Enumerable.Range(0, 11).Select(i => 10.0 * i).ToArray(), Enumerable.Range(0, 11).Select(i => (10 * i).ToString(CultureInfo.InvariantCulture)).ToArray());
            plot.Axes.SetLimitsX(0, 105);
        }

        // A reference line (a latency limit) is part of what the chart shows: the axis reaches it even above every point.
        var ys = spec.Series.SelectMany(s => s.Y.Select((v, i) => v + (i < s.Errors.Count ? s.Errors[i] : 0))).Append(spec.ReferenceValue ?? 0).ToList();
        if (spec.Series.Count > 0 && spec.Series.SelectMany(s => s.Y).DefaultIfEmpty(0).Min() >= 0)
        {
            // Throughput and latency start at zero (a truncated axis exaggerates differences); headroom above the top
            // point keeps it, its whisker and its label off the frame.
            plot.Axes.SetLimitsY(0, Math.Max(limits.Top, ys.Max() * 1.12));
        }
    }

    /// <summary>
    /// How many label lines up a point's label goes: the lowest that overlaps no label already placed, judged on the
    /// chart's approximate pixel grid (the plot takes about 70 % of the width beside its legend, the height less the
    /// titles) with labels about 8.5 px per character.
    /// </summary>
    private static int Shift(List<(double Left, double Right, double Bottom)> placed, ChartSpec spec, string text, double x, double y, bool leftOfPoint)
    {
        var xs = spec.Series.SelectMany(s => s.X).ToList();
        var ys = spec.Series.SelectMany(s => s.Y).ToList();
        var (xMin, xRange) = spec.PercentX ? (0.0, 105.0) : (xs.Min(), Math.Max(1e-9, xs.Max() - xs.Min()));
        var yRange = Math.Max(1e-9, Math.Max(ys.Max(), spec.ReferenceValue ?? 0) * 1.12);
        var px = (x - xMin) / xRange * Width * 0.7;
        var py = y / yRange * (Height - 170);
        var width = text.Length * 8.5;
        var (left, right) = leftOfPoint ? (px - 8 - width, px - 8) : (px + 8, px + 8 + width);
        var shift = 0;
        while (placed.Any(p => left < p.Right && p.Left < right && Math.Abs(p.Bottom - (py + 8 + (LabelLine * shift))) < LabelLine))
        {
            shift++;
        }

        placed.Add((left, right, py + 8 + (LabelLine * shift)));
        return shift;
    }

    /// <summary>Whole-number x values: a tick at each measured configuration when few, else whole-number ticks only.</summary>
    private static void IntegerTicks(Plot plot, ChartSpec spec)
    {
        var values = spec.Series.Where(s => !s.Model).SelectMany(s => s.X).Distinct().Order().ToArray();
        if (values.Length is > 0 and <= MaxConfigurationTicks)
        {
            // A line beyond the measured points (a projection) widens the axis: 1 and 2 would then print as "12". A label
            // closer to the last one shown than its own width (about 10 px a character, the plot about Width − 350 px) is left blank.
            var all = spec.Series.SelectMany(s => s.X).ToList();
            var pixelsPerUnit = (Width - LegendBesideWidth) / Math.Max(1e-9, all.Max() - all.Min());
            var labels = new string[values.Length];
            double? shown = null;
            for (var i = 0; i < values.Length; i++)
            {
                var text = values[i].ToString("0", CultureInfo.InvariantCulture);
                var fits = shown is not { } last || (values[i] - last) * pixelsPerUnit >= 10 * (text.Length + 1);
                labels[i] = fits ? text : "";
                shown = fits ? values[i] : shown;
            }

            plot.Axes.Bottom.SetTicks(values, labels);
        }
        else
        {
            plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericAutomatic { IntegerTicksOnly = true };
        }
    }

    /// <summary>One bar plot per segment name (its legend entry, one colour), each bar resting on the segments below it.</summary>
    private static void AddStacks(Plot plot, ChartSpec spec)
    {
        var palette = new ScottPlot.Palettes.Category10();
        var tops = new double[spec.Stacks.Count];
        var names = spec.Stacks.SelectMany(s => s.Segments.Select(g => g.Name)).Distinct(StringComparer.Ordinal).ToList();
        for (var k = 0; k < names.Count; k++)
        {
            var bars = new List<Bar>();
            for (var i = 0; i < spec.Stacks.Count; i++)
            {
                var value = spec.Stacks[i].Segments.Where(g => g.Name == names[k]).Sum(g => g.Value);
                if (value > 0)
                {
                    bars.Add(new Bar { Position = i, ValueBase = tops[i], Value = tops[i] + value, FillColor = palette.GetColor(k % 10) });
                    tops[i] += value;
                }
            }

            if (bars.Count > 0)
            {
                plot.Add.Bars(bars).LegendText = names[k];
            }
        }

        plot.Axes.Bottom.SetTicks(Enumerable.Range(0, spec.Stacks.Count).Select(i => (double)i).ToArray(), spec.Stacks.Select(b => b.Category).ToArray());
        if (spec.Stacks.Max(b => b.Category.Length) * 9.5 > (Width - 350.0) / spec.Stacks.Count)
        {
            plot.Axes.Bottom.TickLabelStyle.Rotation = -30;
            plot.Axes.Bottom.TickLabelStyle.Alignment = Alignment.MiddleRight;
        }

        plot.Axes.SetLimits(-0.6, spec.Stacks.Count - 0.4, 0, Math.Max(tops.DefaultIfEmpty(0).Max(), 0.01) * 1.15);
    }

    // Thousands grouped as on the value axis ("432,000"), ratios with two decimals.
    private static string BarLabel(ChartBar bar) => bar.Value.ToString(bar.Value < 10 ? "0.00" : "#,0", CultureInfo.InvariantCulture);

    private static void AddBars(Plot plot, ChartSpec spec)
    {
        var palette = new ScottPlot.Palettes.Category10();
        var bars = spec.Bars.Select((b, i) => new Bar
        {
            Position = i,
            Value = b.Value,
            Error = b.Error ?? 0,
            FillColor = palette.GetColor(i % 10),
            Label = b.Error > 0 ? "" : BarLabel(b),
        }).ToList();
        var plottable = plot.Add.Bars(bars);
        plottable.ValueLabelStyle.FontSize = 16;
        foreach (var (bar, i) in spec.Bars.Select((b, i) => (b, i)).Where(p => p.b.Error > 0))
        {
            // Above the whisker's cap, not through it.
            var label = plot.Add.Text(BarLabel(bar), i, bar.Value + bar.Error!.Value);
            label.LabelFontSize = 16;
            label.Alignment = Alignment.LowerCenter;
            label.OffsetY = -6;
        }

        plot.Axes.Bottom.SetTicks(Enumerable.Range(0, spec.Bars.Count).Select(i => (double)i).ToArray(), spec.Bars.Select(b => b.Category).ToArray());
        var longest = spec.Bars.Max(b => b.Category.Length);
        if (longest * 9.5 > (Width - 150.0) / spec.Bars.Count)
        {
            // Labels wider than their bar slant, and the axis grows to hold them (else they are cut at the edge).
            plot.Axes.Bottom.TickLabelStyle.Rotation = -30;
            plot.Axes.Bottom.TickLabelStyle.Alignment = Alignment.MiddleRight;
            plot.Axes.Bottom.MinimumSize = (float)Math.Min(320, 40 + (longest * 9.5 * 0.5));
        }

        plot.Axes.Margins(bottom: 0);
        var top = spec.Bars.Max(b => b.Value + (b.Error ?? 0));
        plot.Axes.SetLimits(-0.6, spec.Bars.Count - 0.4, 0, Math.Max(top, spec.ReferenceValue ?? 0) * 1.15);
    }
}
