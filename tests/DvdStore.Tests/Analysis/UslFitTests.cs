using DvdStore.Analysis.Statistics;

namespace DvdStore.Tests.Analysis;

/// <summary>The Universal Scalability Law fit: it recovers the coefficients of synthetic curves and refuses what it cannot fit in one line.</summary>
public class UslFitTests
{
    private static readonly double[] Users = [1, 2, 4, 8, 16, 24, 32, 48, 64];

    [Theory]
    [InlineData(1000, 0.05, 0.002)]
    [InlineData(800, 0.02, 0.0005)]
    [InlineData(1500, 0.10, 0.01)]
    public void A_synthetic_curve_with_noise_gives_back_sigma_and_kappa_within_ten_percent(double lambda, double sigma, double kappa)
    {
        var points = Curve(lambda, sigma, kappa, noise: 0.01);

        var fit = UslFit.TryFit(points, out var refusal);

        Assert.Null(refusal);
        Assert.NotNull(fit);
        Assert.InRange(fit.Sigma, sigma * 0.9, sigma * 1.1);
        Assert.InRange(fit.Kappa, kappa * 0.9, kappa * 1.1);
        Assert.InRange(fit.Lambda, lambda * 0.95, lambda * 1.05);
        Assert.InRange(fit.PeakN!.Value, Math.Sqrt((1 - sigma) / kappa) * 0.9, Math.Sqrt((1 - sigma) / kappa) * 1.1);
        Assert.True(fit.SigmaHalfWidth > 0 && fit.KappaHalfWidth > 0, "the fit's own confidence intervals");
        Assert.True(fit.RSquared > 0.95, $"R² {fit.RSquared}");
    }

    [Fact]
    public void An_exact_curve_is_recovered_exactly_and_its_peak_is_the_formula()
    {
        var fit = UslFit.TryFit(Curve(1000, 0.05, 0.002, noise: 0), out _)!;

        Assert.Equal(0.05, fit.Sigma, 6);
        Assert.Equal(0.002, fit.Kappa, 6);
        Assert.Equal(Math.Sqrt(0.95 / 0.002), fit.PeakN!.Value, 3);
        Assert.Equal(Usl(1000, 0.05, 0.002, fit.PeakN.Value), fit.PeakThroughput!.Value, 3);
        Assert.False(fit.IsProjection(fit.PeakN.Value));
        Assert.True(fit.IsProjection(100));
    }

    [Fact]
    public void A_curve_that_only_flattens_is_amdahl_with_kappa_held_at_zero()
    {
        var fit = UslFit.TryFit(Curve(1000, 0.08, 0, noise: 0.005), out _)!;

        Assert.True(fit.IsAmdahl);
        Assert.Equal(0, fit.Kappa);
        Assert.Null(fit.PeakN);
        Assert.InRange(fit.Sigma, 0.08 * 0.9, 0.08 * 1.1);
        Assert.InRange(fit.PeakThroughput!.Value, 1000 / 0.08 * 0.9, 1000 / 0.08 * 1.1);
        Assert.Contains("κ 0 (Amdahl)", fit.Describe("users"));
    }

    [Fact]
    public void Repeats_at_each_count_are_all_used_and_narrow_the_interval()
    {
        var once = UslFit.TryFit(Curve(1000, 0.05, 0.002, noise: 0.02), out _)!;
        var thrice = UslFit.TryFit([.. Curve(1000, 0.05, 0.002, noise: 0.02), .. Curve(1000, 0.05, 0.002, noise: 0.02, seed: 2), .. Curve(1000, 0.05, 0.002, noise: 0.02, seed: 3)], out _)!;

        Assert.Equal(Users.Length * 3, thrice.Points);
        Assert.Equal(Users.Length, thrice.DistinctN);
        Assert.True(thrice.KappaHalfWidth < once.KappaHalfWidth, $"{thrice.KappaHalfWidth} vs {once.KappaHalfWidth}");
    }

    [Theory]
    [InlineData(new[] { 1.0, 2, 4 }, "4 or more different counts, this has 3")]
    [InlineData(new[] { 8.0, 8, 8, 8, 8 }, "4 or more different counts, this has 1")]
    [InlineData(new[] { 0.0, 2, 4, 8 }, "positive N")]
    public void Degenerate_input_is_refused_in_one_line(double[] counts, string reason)
    {
        var points = counts.Select(n => (n, n == 0 ? 0.0 : 100 * n)).ToList();

        var fit = UslFit.TryFit(points, out var refusal);

        Assert.Null(fit);
        Assert.NotNull(refusal);
        Assert.Contains(reason, refusal);
        Assert.DoesNotContain('\n', refusal);
        Assert.StartsWith("no scaling-law fit: ", refusal);
    }

    [Fact]
    public void A_failed_run_with_no_opm_is_refused()
    {
        var points = Curve(1000, 0.05, 0.002, noise: 0).Select((p, i) => i == 3 ? (p.N, 0.0) : p).ToList();

        Assert.Null(UslFit.TryFit(points, out var refusal));
        Assert.Contains("positive OPM", refusal);
    }

    /// <summary>X(N) for <see cref="Users"/>, each multiplied by 1 + a deterministic pseudo-random error of up to ±<paramref name="noise"/>.</summary>
    private static List<(double N, double Throughput)> Curve(double lambda, double sigma, double kappa, double noise, int seed = 1)
    {
        var random = new Random(seed);
        return Users.Select(n => (n, Usl(lambda, sigma, kappa, n) * (1 + (noise * ((2 * random.NextDouble()) - 1))))).ToList();
    }

    /// <summary>The law written out here, not taken from <see cref="UslFit.Model"/>: a mistake there must not make the data agree with it.</summary>
    private static double Usl(double lambda, double sigma, double kappa, double n) => lambda * n / (1 + (sigma * (n - 1)) + (kappa * n * (n - 1)));
}
