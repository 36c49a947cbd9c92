namespace DvdStore.Analysis.Statistics;

/// <summary>Two-sided 95 % critical values of Student's t distribution (t₀.₉₇₅), from the standard table.</summary>
public static class StudentT
{
    private static readonly double[] Table =
    [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];

    /// <summary>t₀.₉₇₅ for <paramref name="degreesOfFreedom"/> (fractional Welch df rounds down, the conservative side).</summary>
    public static double Critical95(double degreesOfFreedom)
    {
        if (degreesOfFreedom < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(degreesOfFreedom), "needs at least one degree of freedom");
        }

        var df = (int)Math.Floor(degreesOfFreedom);
        if (df <= Table.Length)
        {
            return Table[df - 1];
        }

        // Beyond 30 the table steps are 40, 60, 120, ∞; interpolate linearly in 1/df, as printed tables advise.
        (double Df, double T)[] tail = [(30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980), (double.PositiveInfinity, 1.960)];
        for (var i = 0; i < tail.Length - 1; i++)
        {
            if (df <= tail[i + 1].Df)
            {
                var x0 = 1 / tail[i].Df;
                var x1 = 1 / tail[i + 1].Df;
                var x = 1.0 / df;
                return tail[i].T + ((tail[i + 1].T - tail[i].T) * (x - x0) / (x1 - x0));
            }
        }

        return 1.960;
    }
}
