using System.Globalization;
using MathNet.Numerics.LinearAlgebra;
using MathNet.Numerics.Optimization;

namespace DvdStore.Analysis.Statistics;

/// <summary>
/// Gunther's Universal Scalability Law fitted to throughput X at concurrency N (users, or vCPUs):
/// X(N) = λN / (1 + σ(N − 1) + κN(N − 1)). σ is contention (the serial share: queueing for a shared resource), κ is
/// coherency (the cost of keeping copies consistent, which makes X fall past a peak); κ = 0 is Amdahl's law. Fitted by
/// Levenberg–Marquardt (MathNet.Numerics) from the linearised fit as a start; a coefficient that comes out negative, or
/// κ when its confidence interval reaches 0, is held at 0 and the rest refitted. Confidence intervals come from the fit's own covariance, s²(JᵀJ)⁻¹ with Student t at
/// n − p degrees of freedom, so repeated runs at one N narrow them as they should.
/// </summary>
public sealed record UslFit
{
    /// <summary>Fewer points than this at different N leave the three coefficients without a check.</summary>
    public const int MinimumPoints = 4;

    /// <summary>Throughput of one unit without contention (X(1) when σ and κ are small).</summary>
    public required double Lambda { get; init; }

    public required double Sigma { get; init; }

    public required double Kappa { get; init; }

    /// <summary>Half-widths of the 95 % confidence intervals; null when the fit has no degrees of freedom left.</summary>
    public double? LambdaHalfWidth { get; init; }

    public double? SigmaHalfWidth { get; init; }

    public double? KappaHalfWidth { get; init; }

    /// <summary>Points the fit used (repeats count each), and the distinct N among them.</summary>
    public required int Points { get; init; }

    public required int DistinctN { get; init; }

    /// <summary>The measured range of N: predictions outside it are projections.</summary>
    public required double MinN { get; init; }

    public required double MaxN { get; init; }

    /// <summary>Share of the throughput's variance the curve explains.</summary>
    public required double RSquared { get; init; }

    /// <summary>Amdahl's law: no coherency term (κ held at 0), so throughput never falls, only flattens toward λ/σ.</summary>
    public bool IsAmdahl => Kappa == 0;

    /// <summary>N at the peak, √((1 − σ)/κ); null under Amdahl (no peak: the ceiling λ/σ is approached, never passed).</summary>
    public double? PeakN => Kappa > 0 ? Math.Sqrt(Math.Max(0, 1 - Sigma) / Kappa) : null;

    /// <summary>Throughput at <see cref="PeakN"/>, or the Amdahl ceiling λ/σ (null when σ is 0 too: linear).</summary>
    public double? PeakThroughput => PeakN is { } n ? Predict(n) : Sigma > 0 ? Lambda / Sigma : null;

    /// <summary>Whether <paramref name="n"/> lies beyond the measured points (a projection, not a fit of data).</summary>
    public bool IsProjection(double n) => n > MaxN || n < MinN;

    public double Predict(double n) => Model(Lambda, Sigma, Kappa, n);

    public static double Model(double lambda, double sigma, double kappa, double n) => lambda * n / (1 + (sigma * (n - 1)) + (kappa * n * (n - 1)));

    /// <summary>e.g. "σ 0.052 ± 0.004, κ 0.0021 ± 0.0003 (peak at N = 21, 9,870)"; Amdahl says so.</summary>
    public string Describe(string unit)
    {
        var sigma = F($"σ {Sigma:0.####}") + (SigmaHalfWidth is { } s ? F($" ± {s:0.####}") : "");
        var kappa = IsAmdahl ? "κ 0 (Amdahl)" : F($"κ {Kappa:0.######}") + (KappaHalfWidth is { } k ? F($" ± {k:0.######}") : "");
        var peak = PeakN is { } n
            ? F($"predicted peak at {n:0.#} {unit}, {PeakThroughput:#,0} OPM") + (IsProjection(n) ? F($" (a projection: measured up to {MaxN:0.#})") : "")
            : PeakThroughput is { } ceiling ? F($"no peak: OPM approaches {ceiling:#,0}") : "no contention: linear";
        return $"{sigma}, {kappa}; {peak}; R² {RSquared.ToString("0.000", CultureInfo.InvariantCulture)}";
    }

    /// <summary>Fits the points, or says in one line why not (too few points, a non-positive N or throughput).</summary>
    public static UslFit? TryFit(IReadOnlyList<(double N, double Throughput)> points, out string? refusal)
    {
        refusal = Refusal(points);
        if (refusal is not null)
        {
            return null;
        }

        var n = Vector<double>.Build.DenseOfEnumerable(points.Select(p => p.N));
        var x = Vector<double>.Build.DenseOfEnumerable(points.Select(p => p.Throughput));
        var start = LinearStart(points);
        var free = Finish(points, n, x, Solve(n, x, start, kappaHeld: false));
        if (free.Kappa > 0 && !(free.Kappa - free.KappaHalfWidth <= 0))
        {
            return free;
        }

        // No coherency cost the data can tell from zero: Amdahl's law, with κ held at 0.
        return Finish(points, n, x, Solve(n, x, Vector<double>.Build.DenseOfArray([start[0], Math.Max(start[1], 1e-6), 0]), kappaHeld: true));
    }

    private static string? Refusal(IReadOnlyList<(double N, double Throughput)> points)
    {
        if (points.Any(p => !(p.N > 0) || !(p.Throughput > 0) || double.IsInfinity(p.N) || double.IsInfinity(p.Throughput)))
        {
            return "no scaling-law fit: every point needs a positive N and a positive OPM; leave out failed or empty runs.";
        }

        var distinct = points.Select(p => p.N).Distinct().Count();
        return distinct < MinimumPoints
            ? $"no scaling-law fit: it needs measured points at {MinimumPoints} or more different counts, this has {distinct}; sweep more steps."
            : null;
    }

    /// <summary>
    /// A start from the linearised law, N/C(N) − 1 = σ(N − 1) + κN(N − 1) with C = X/λ and λ taken from the smallest N,
    /// solved by least squares (negative coefficients are raised to small positives).
    /// </summary>
    private static Vector<double> LinearStart(IReadOnlyList<(double N, double Throughput)> points)
    {
        var smallest = points.Min(p => p.N);
        var lambda = points.Where(p => p.N == smallest).Average(p => p.Throughput) / smallest;
        var design = Matrix<double>.Build.DenseOfRowArrays(points.Select(p => new[] { p.N - 1, p.N * (p.N - 1) }));
        var target = Vector<double>.Build.DenseOfEnumerable(points.Select(p => (p.N * lambda / p.Throughput) - 1));
        var guess = design.QR().Solve(target);
        return Vector<double>.Build.DenseOfArray([lambda, Math.Max(guess[0], 1e-4), Math.Max(guess[1], 1e-6)]);
    }

    private static Vector<double> Solve(Vector<double> n, Vector<double> x, Vector<double> start, bool kappaHeld)
    {
        var objective = ObjectiveFunction.NonlinearModel(
            (p, ns) => ns.Map(v => Model(p[0], p[1], p[2], v)),
            (p, ns) => Jacobian(p, ns),
            n,
            x);
        var minimizer = new LevenbergMarquardtMinimizer(maximumIterations: 2000);
        var result = minimizer.FindMinimum(objective, start, scales: null, isFixed: [false, false, kappaHeld]);
        var p = result.MinimizingPoint;
        if (p[1] < 0)
        {
            // Contention below zero is superlinear noise, not a law: hold σ at 0 and refit λ (and κ unless held).
            result = minimizer.FindMinimum(objective, Vector<double>.Build.DenseOfArray([p[0], 0, Math.Max(p[2], 0)]), scales: null, isFixed: [false, true, kappaHeld]);
            p = result.MinimizingPoint;
        }

        return Vector<double>.Build.DenseOfArray([p[0], Math.Max(p[1], 0), kappaHeld ? 0 : p[2]]);
    }

    /// <summary>∂X/∂λ, ∂X/∂σ, ∂X/∂κ at each N.</summary>
    private static Matrix<double> Jacobian(Vector<double> p, Vector<double> ns)
    {
        var j = Matrix<double>.Build.Dense(ns.Count, 3);
        for (var i = 0; i < ns.Count; i++)
        {
            var v = ns[i];
            var d = 1 + (p[1] * (v - 1)) + (p[2] * v * (v - 1));
            j[i, 0] = v / d;
            j[i, 1] = -p[0] * v * (v - 1) / (d * d);
            j[i, 2] = -p[0] * v * v * (v - 1) / (d * d);
        }

        return j;
    }

    private static UslFit Finish(IReadOnlyList<(double N, double Throughput)> points, Vector<double> n, Vector<double> x, Vector<double> p)
    {
        var predicted = n.Map(v => Model(p[0], p[1], p[2], v));
        var residual = x - predicted;
        var rss = residual.DotProduct(residual);
        var mean = x.Average();
        var tss = x.Sum(v => (v - mean) * (v - mean));

        // Only the coefficients the fit was free to move take degrees of freedom and get an interval.
        var free = new List<int> { 0 };
        if (p[1] > 0)
        {
            free.Add(1);
        }

        if (p[2] > 0)
        {
            free.Add(2);
        }

        var df = points.Count - free.Count;
        var halfWidths = new double?[3];
        if (df >= 1)
        {
            var jacobian = Jacobian(p, n);
            var reduced = Matrix<double>.Build.DenseOfColumnVectors(free.Select(jacobian.Column));
            var normal = reduced.TransposeThisAndMultiply(reduced);
            if (normal.Determinant() > 0)
            {
                var covariance = normal.Inverse() * (rss / df);
                var t = StudentT.Critical95(df);
                for (var k = 0; k < free.Count; k++)
                {
                    halfWidths[free[k]] = t * Math.Sqrt(Math.Max(0, covariance[k, k]));
                }
            }
        }

        return new UslFit
        {
            Lambda = p[0],
            Sigma = p[1],
            Kappa = p[2],
            LambdaHalfWidth = halfWidths[0],
            SigmaHalfWidth = halfWidths[1],
            KappaHalfWidth = halfWidths[2],
            Points = points.Count,
            DistinctN = points.Select(q => q.N).Distinct().Count(),
            MinN = points.Min(q => q.N),
            MaxN = points.Max(q => q.N),
            RSquared = tss > 0 ? 1 - (rss / tss) : 1,
        };
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
