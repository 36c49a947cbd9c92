using DvdStore.Driver.Results;

namespace DvdStore.Driver.Sweep;

/// <summary>What one load step measured: its OPM and, from a real run, the whole result.</summary>
public sealed record StepMeasurement(double Opm, RunResult? Result = null)
{
    public static implicit operator StepMeasurement(double opm) => new(opm);

    public static implicit operator StepMeasurement(RunResult result) => FromResult(result);

    public static StepMeasurement FromResult(RunResult result) => new(result.Totals.Opm, result);
}
