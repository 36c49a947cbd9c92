using DvdStore.Analysis.Statistics;

namespace DvdStore.Tests.Analysis;

public sealed class StatisticsTests
{
    [Theory]
    [InlineData(1, 12.706)]
    [InlineData(2, 4.303)]
    [InlineData(4, 2.776)]
    [InlineData(9, 2.262)]
    [InlineData(30, 2.042)]
    [InlineData(45, 2.014)]
    [InlineData(60, 2.000)]
    [InlineData(1_000_000, 1.960)]
    public void T_quantiles_match_the_printed_table(double df, double expected) =>
        Assert.Equal(expected, StudentT.Critical95(df), 3);

    [Fact]
    public void Fractional_welch_df_and_other_confidences_are_exact()
    {
        // Between the table's rows for 4 (2.776) and 5 (2.571) df, and t₀.₉₉₅(10) = 3.169, t₀.₉₅(10) = 1.812 from the table.
        Assert.InRange(StudentT.Critical95(4.7), 2.571, 2.776);
        Assert.Equal(3.169, StudentT.Critical(10, 0.99), 3);
        Assert.Equal(1.812, StudentT.Critical(10, 0.90), 3);
        Assert.Throws<ArgumentOutOfRangeException>(() => StudentT.Critical95(0.5));
    }

    [Fact]
    public void Repeats_give_mean_sd_and_a_student_t_interval()
    {
        var stats = RepeatStats.Of([100, 110, 120]);

        // Mean 110; squared deviations 100 + 0 + 100 over n−1 = 2 → SD 10; CI = t(2) × 10 / √3.
        Assert.Equal(3, stats.Count);
        Assert.Equal(110, stats.Mean, 9);
        Assert.Equal(10, stats.StandardDeviation!.Value, 9);
        var half = 4.302652730 * 10 / Math.Sqrt(3); // t₀.₉₇₅(2), printed 4.303
        Assert.Equal(half, stats.ConfidenceHalfWidth!.Value, 6);
        Assert.Equal(110 - half, stats.ConfidenceLow!.Value, 6);
        Assert.Equal(110 + half, stats.ConfidenceHigh!.Value, 6);
        Assert.Equal(100.0 * 10 / 110, stats.CoefficientOfVariationPercent!.Value, 6);
        Assert.True(stats.IsNoisy(5));
        Assert.False(stats.IsNoisy(10));
    }

    [Fact]
    public void A_single_run_has_no_spread_and_is_never_called_noisy()
    {
        var stats = RepeatStats.Of([27_589]);

        Assert.Equal(27_589, stats.Mean);
        Assert.Null(stats.StandardDeviation);
        Assert.Null(stats.ConfidenceHalfWidth);
        Assert.False(stats.IsNoisy(0.001));
        Assert.Throws<ArgumentException>(() => RepeatStats.Of([]));
    }

    [Fact]
    public void A_difference_larger_than_its_welch_interval_is_real()
    {
        // Both sides SD 2 over 3 runs: SE = √(4/3 + 4/3); Welch df = (8/3)² / (2 × (4/3)² / 2) = 4 → t = 2.776.
        var d = Difference.Between(RepeatStats.Of([100, 102, 98]), RepeatStats.Of([127, 129, 125]));

        Assert.Equal(27, d.Delta, 9);
        Assert.Equal(27.0, d.Percent!.Value, 9);
        Assert.Equal(2.776445105 * Math.Sqrt(8.0 / 3), d.HalfWidth!.Value, 6);
        Assert.Equal(DifferenceVerdict.Significant, d.Verdict);
        Assert.Contains("real", d.Describe(), StringComparison.Ordinal);
    }

    [Fact]
    public void A_difference_inside_the_noise_is_called_so()
    {
        // SD 10 each side, SE = √(200/3) ≈ 8.16, half-width ≈ 22.7 > the 3 OPM difference.
        var d = Difference.Between(RepeatStats.Of([100, 110, 90]), RepeatStats.Of([103, 113, 93]));

        Assert.Equal(3, d.Delta, 9);
        Assert.Equal(2.776445105 * Math.Sqrt(200.0 / 3), d.HalfWidth!.Value, 6);
        Assert.Equal(DifferenceVerdict.WithinNoise, d.Verdict);
        Assert.Equal("smaller than the noise", d.Describe());
    }

    [Fact]
    public void Identical_repeats_without_spread_are_no_real_difference()
    {
        // Both sides 100, 100, 100: the interval is 0 wide and the difference 0; "real" needs more than the noise.
        var d = Difference.Between(RepeatStats.Of([100, 100, 100]), RepeatStats.Of([100, 100, 100]));

        Assert.Equal(0, d.HalfWidth);
        Assert.Equal(DifferenceVerdict.WithinNoise, d.Verdict);
    }

    [Fact]
    public void A_figure_against_a_zero_baseline_is_null_not_infinity_nor_zero()
    {
        var d = Difference.Between(RepeatStats.Of([0, 0]), RepeatStats.Of([127, 129]));

        Assert.Equal(128, d.Delta, 9);
        Assert.Null(d.Percent);
        Assert.Null(Relative.Ratio(5, 0));
        Assert.Null(Relative.Percent(0, 0));
        Assert.Null(Relative.GainPercent(0, 0));
        Assert.Equal(27.0, Relative.GainPercent(127, 100)!.Value, 9);
        Assert.Equal(-50.0, Relative.Percent(-1, 2)!.Value, 9);
        Assert.Equal(1.27, Relative.Ratio(127, 100)!.Value, 9);
    }

    [Fact]
    public void A_difference_against_a_single_run_has_unknown_noise()
    {
        var d = Difference.Between(RepeatStats.Of([100]), RepeatStats.Of([103, 113, 93]));

        Assert.Null(d.HalfWidth);
        Assert.Equal(DifferenceVerdict.Unknown, d.Verdict);
    }
}
