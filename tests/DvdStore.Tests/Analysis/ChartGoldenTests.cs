using System.Xml.Linq;
using DvdStore.Analysis.Reports;

namespace DvdStore.Tests.Analysis;

/// <summary>
/// Golden checks of the drawn charts (issue 16), read from the SVG: whole-number axes carry whole-number ticks at the
/// measured configurations, a CPU % axis spans 0–100, titles keep their full text at a size that fits, legends carry
/// the series' names, and whiskers are drawn where repeats give an interval. With DVDSTORE_CHART_DIR set, the PNGs
/// are written there to be looked at.
/// </summary>
public sealed class ChartGoldenTests
{
    private static readonly ChartSpec Scaling = new("OPM vs vCPUs, with linear scaling", "g-scaling", "vCPUs", "Orders per minute (OPM)")
    {
        Series =
        [
            new ChartSeries("OPM (SMT off)", [1, 2, 4, 8], [10_000, 19_000, 36_000, 60_000]) { Errors = [400, 0, 900, 2_500] },
            new ChartSeries("linear from 1 vCPUs", [1, 2, 4, 8], [10_000, 20_000, 40_000, 80_000], Reference: true),
        ],
        IntegerX = true,
    };

    private static readonly ChartSpec ServerCpu = new("OPM vs server CPU % (one point per vCPU count)", "g-cpu", "Server CPU busy (%)", "Orders per minute (OPM)")
    {
        Series = [new ChartSeries("OPM", [99.87, 99.91, 99.98], [20_000, 38_000, 52_000]) { PointLabels = ["1 vCPUs", "2 vCPUs", "4 vCPUs"] }],
        PercentX = true,
    };

    private static readonly ChartSpec OverTime = new("OPM over time (per log interval)", "g-time", "Time since start (s)", "Orders per minute (OPM)")
    {
        Series = Enumerable.Range(1, 4).Select(i => new ChartSeries($"users=8 #{i}", [10, 20, 30, 40, 50, 60], [800, 1_000, 1_000, 1_010, 990, 1_000])).ToList(),
        Markers = [new ChartMarker(20, "warm-up ends")],
    };

    [Fact]
    public void Whole_number_axes_are_ticked_at_the_configurations_only()
    {
        var ticks = BottomTicks(Render(Scaling));

        Assert.Equal(["1", "2", "4", "8"], ticks);
    }

    /// <summary>A projection to 58 threads widens the axis: 1 and 2 sit 14 px apart and printed "12"; the 2 is left blank.</summary>
    [Fact]
    public void Ticks_crowded_by_a_projection_leave_a_label_blank_rather_than_run_together()
    {
        var law = new ChartSpec("OPM vs threads with the Universal Scalability Law fit (dotted: projection)", "g-law", "Driver threads (users)", "Orders per minute (OPM)")
        {
            Series =
            [
                new ChartSeries("OPM", [1, 2, 4, 8, 16, 32], [338, 800, 1_559, 2_996, 5_360, 8_294]),
                new ChartSeries("USL fit (OPM)", [1, 32], [338, 8_294]) { Model = true },
                new ChartSeries("USL projection (OPM)", [32, 58], [8_294, 9_530]) { Model = true, Projection = true },
            ],
            IntegerX = true,
        };

        Assert.Equal(["1", "4", "8", "16", "32"], BottomTicks(Render(law)));
    }

    [Fact]
    public void A_cpu_percent_axis_spans_zero_to_one_hundred_and_points_say_their_configuration()
    {
        var svg = Render(ServerCpu);
        var texts = Texts(svg);

        Assert.Contains("0", texts);
        Assert.Contains("100", texts);
        Assert.DoesNotContain(texts, t => t.StartsWith("99.", StringComparison.Ordinal));
        Assert.Contains("4 vCPUs", texts);
    }

    [Fact]
    public void Titles_fit_and_legends_name_each_line_and_the_warmup()
    {
        var texts = Texts(Render(OverTime));

        Assert.Contains("OPM over time (per log interval)", texts);
        Assert.Contains("users=8 #4", texts);
        Assert.Contains("warm-up ends", texts);
        var longTitle = new string('x', 120);
        Assert.True(ChartRenderer.TitleSize(longTitle, ChartRenderer.Width) * 0.55 * 120 <= ChartRenderer.Width);
        Assert.Equal(26, ChartRenderer.TitleSize("OPM vs vCPUs", ChartRenderer.Width));
    }

    /// <summary>A saturated server: every step at 99–100 % CPU, OPM flat; each point's label must stay readable.</summary>
    [Fact]
    public void Labels_of_points_crowded_at_full_cpu_do_not_overlap()
    {
        var crowded = ServerCpu with { Series = [new ChartSeries("OPM", [99.2, 99.6, 100], [51_000, 52_000, 52_500]) { PointLabels = ["8 vCPUs", "16 vCPUs", "32 vCPUs"] }] };

        var labels = XDocument.Parse(Render(crowded)).Descendants().Where(e => e.Name.LocalName == "text" && e.Value.Trim().EndsWith("vCPUs", StringComparison.Ordinal))
            .Select(Y).Order().ToList();

        Assert.Equal(3, labels.Count);
        Assert.All(labels.Zip(labels.Skip(1)), pair => Assert.True(pair.Second - pair.First >= 15, $"labels {pair.First} and {pair.Second} overlap"));
    }

    [Fact]
    public void Long_legend_entries_wrap_instead_of_losing_the_end_that_tells_them_apart()
    {
        var spec = OverTime with
        {
            Series = [new ChartSeries("generation=Intel Xeon Platinum 8380 Ice Lake-SP, users=16", [10, 20], [1, 2]), new ChartSeries("generation=Intel Xeon Platinum 8380 Ice Lake-SP, users=32", [10, 20], [1, 2])],
        };

        var texts = string.Join('\n', Texts(Render(spec)));

        AssertText.ContainsAll(texts, "users=16", "users=32");
    }

    [Fact]
    public void Whiskers_are_drawn_only_where_repeats_give_an_interval()
    {
        var withErrors = Render(Scaling);
        var without = Render(Scaling with { Series = [Scaling.Series[0] with { Errors = [] }, Scaling.Series[1]] });

        Assert.True(Lines(withErrors) > Lines(without), "no whisker lines were drawn");
    }

    private static string Render(ChartSpec spec)
    {
        var rendered = ChartRenderer.Render(spec);
        if (Environment.GetEnvironmentVariable("DVDSTORE_CHART_DIR") is { Length: > 0 } dir)
        {
            Directory.CreateDirectory(dir);
            File.WriteAllBytes(Path.Combine(dir, spec.FileName + ".png"), rendered.Png);
        }

        return rendered.Svg;
    }

    /// <summary>The texts of a drawn chart (title, axis titles, ticks, legend entries, labels), trimmed.</summary>
    internal static List<string> Texts(string svg) =>
        XDocument.Parse(svg).Descendants().Where(e => e.Name.LocalName == "text").Select(e => e.Value.Trim()).ToList();

    private static int Lines(string svg) =>
        XDocument.Parse(svg).Descendants().Count(e => e.Name.LocalName is "line" or "path" or "polyline");

    /// <summary>The numeric tick labels below the plot: the text elements that parse as numbers and sit lowest but for the axis title.</summary>
    private static List<string> BottomTicks(string svg)
    {
        var numbers = XDocument.Parse(svg).Descendants().Where(e => e.Name.LocalName == "text")
            .Select(e => (Text: e.Value.Trim(), Y: Y(e)))
            .Where(t => double.TryParse(t.Text.Replace(",", "", StringComparison.Ordinal), NumberStyles.Float, CultureInfo.InvariantCulture, out _))
            .ToList();
        var bottom = numbers.Max(t => t.Y);
        return numbers.Where(t => Math.Abs(t.Y - bottom) < 1).Select(t => t.Text).ToList();
    }

    private static double Y(XElement e) =>
        double.TryParse((string?)e.Attribute("y"), NumberStyles.Float, CultureInfo.InvariantCulture, out var y) ? y
        : e.Attribute("transform")?.Value is { } t && System.Text.RegularExpressions.Regex.Match(t, @"translate\(\s*[-\d.]+[ ,]+([-\d.]+)") is { Success: true } m ? double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture) : 0;
}
