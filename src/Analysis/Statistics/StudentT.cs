namespace DvdStore.Analysis.Statistics;

/// <summary>Two-sided critical values of Student's t distribution, from MathNet.Numerics (any confidence, fractional df).</summary>
public static class StudentT
{
    /// <summary>t₀.₉₇₅ for <paramref name="degreesOfFreedom"/> (Welch's fractional df exact, not rounded).</summary>
    public static double Critical95(double degreesOfFreedom) => Critical(degreesOfFreedom, 0.95);

    /// <summary>The t value whose two-sided interval holds <paramref name="confidence"/> (e.g. 0.95) of the distribution.</summary>
    public static double Critical(double degreesOfFreedom, double confidence)
    {
        if (degreesOfFreedom < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(degreesOfFreedom), "needs at least one degree of freedom");
        }

        return MathNet.Numerics.Distributions.StudentT.InvCDF(0, 1, degreesOfFreedom, 1 - ((1 - confidence) / 2));
    }
}
