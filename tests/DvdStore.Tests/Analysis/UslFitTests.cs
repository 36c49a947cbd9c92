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

    // The pinned figures below come from an independent least-squares fit (Gauss–Newton in 40-digit
    // arithmetic with mpmath, the Jacobian by numerical differentiation, not this class's formula; covariance
    // s²(JᵀJ)⁻¹ over the free coefficients; t from the regularised incomplete beta function). A wrong gradient, start,
    // bound, R² or degrees of freedom moves one of them.
    [Fact]
    public void A_noisy_curve_gives_the_least_squares_coefficients_r_squared_and_intervals()
    {
        // Seven points near λ 1000, σ 0.05, κ 0.002 with hand-made errors of a few per cent.
        (double, double)[] points = [(1, 1010), (2, 1830), (4, 3310), (8, 4920), (16, 5650), (32, 4780), (64, 3050)];

        var fit = UslFit.TryFit(points, out _)!;

        Assert.Equal(996.434165179739, fit.Lambda, 6);
        Assert.Equal(0.0564039717571403, fit.Sigma, 9);
        Assert.Equal(0.00401106642589814, fit.Kappa, 11);
        Assert.Equal(0.99963995717927, fit.RSquared, 9); // 1 − RSS/TSS
        // 7 points − 3 coefficients = 4 degrees of freedom: t = 2.7764451052.
        Assert.Equal(40.4046362663, fit.LambdaHalfWidth!.Value, 5);
        Assert.Equal(0.0094807068763, fit.SigmaHalfWidth!.Value, 9);
        Assert.Equal(0.000192146325644, fit.KappaHalfWidth!.Value, 11);
        Assert.Equal(Math.Sqrt((1 - fit.Sigma) / fit.Kappa), fit.PeakN!.Value, 9);
    }

    [Fact]
    public void Four_points_leave_one_degree_of_freedom_and_still_get_intervals()
    {
        // The exact curve λ 1000, σ 0.05, κ 0.002 at 1, 2, 4, 8 users with the last point 0.1 % high: 4 − 3 = 1
        // degree of freedom, t = 12.7062047362.
        List<(double N, double Throughput)> points = [.. new double[] { 1, 2, 4, 8 }.Select(n => (n, Usl(1000, 0.05, 0.002, n)))];
        points[3] = (8, points[3].Throughput * 1.001);

        var fit = UslFit.TryFit(points, out _)!;

        Assert.False(fit.IsAmdahl);
        Assert.Equal(1000.08962034777, fit.Lambda, 6);
        Assert.Equal(0.0502537699484455, fit.Sigma, 9);
        Assert.Equal(0.00194454931567232, fit.Kappa, 11);
        Assert.Equal(0.999999998577881, fit.RSquared, 12);
        Assert.Equal(1.15985491193, fit.LambdaHalfWidth!.Value, 5);
        Assert.Equal(0.000827695811675, fit.SigmaHalfWidth!.Value, 9);
        Assert.Equal(7.86317391548e-5, fit.KappaHalfWidth!.Value, 11);
    }

    [Fact]
    public void Superlinear_points_hold_sigma_and_kappa_at_zero_and_fit_a_line_through_the_origin()
    {
        // Each doubling more than doubles OPM: σ and κ would come out negative, so both are held at 0 and only λ is
        // fitted: λ = ΣNX / ΣN² = (1000 + 4200 + 17200 + 70400) / 85 = 1091.7647…; 4 − 1 = 3 degrees of freedom.
        (double, double)[] points = [(1, 1000), (2, 2100), (4, 4300), (8, 8800)];

        var fit = UslFit.TryFit(points, out _)!;

        Assert.Equal(0, fit.Sigma);
        Assert.Equal(0, fit.Kappa);
        Assert.Equal(92_800.0 / 85, fit.Lambda, 6);
        Assert.Equal(0.999321710212213, fit.RSquared, 9);
        Assert.Equal(31.025239449, fit.LambdaHalfWidth!.Value, 5); // t(3) 3.18244630528 × √(RSS/3 / ΣN²)
        Assert.Null(fit.SigmaHalfWidth);
        Assert.Null(fit.KappaHalfWidth);
        Assert.Null(fit.PeakThroughput);
        Assert.EndsWith("no contention: linear; R² 0.999", fit.Describe("users"));
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
