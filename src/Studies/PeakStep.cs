namespace DvdStore.Studies;

/// <summary>One step of a peak search: the users it ran, what it measured, and its OPM growth over the previous step.</summary>
/// <param name="GrowthPercent">100 × (OPM / previous OPM − 1); null for the first step and after a step of 0 OPM (see <see cref="Growth"/>).</param>
public sealed record PeakStep(int Users, StepMeasurement Measurement, double? GrowthPercent)
{
    /// <summary>What a growth against a step of 0 OPM prints as: no ratio exists (sweep.json has null).</summary>
    public const string NotApplicable = "n/a";

    public double Opm => Measurement.Opm;

    /// <summary>100 × (current / previous − 1); null when the previous step ordered nothing, never ∞ or 0.</summary>
    public static double? Growth(double previous, double current) => previous > 0 ? 100 * ((current / previous) - 1) : null;
}
