namespace DvdStore.Studies;

/// <summary>One step of a peak search: the users it ran, what it measured, and its OPM growth over the previous step.</summary>
/// <param name="GrowthPercent">100 × (OPM / previous OPM − 1); null for the first step.</param>
public sealed record PeakStep(int Users, StepMeasurement Measurement, double? GrowthPercent)
{
    public double Opm => Measurement.Opm;
}
