using DvdStore.Driver.Results;

namespace DvdStore.Studies;

/// <summary>What one load step measured: its OPM and, from a real run, the whole result.</summary>
public sealed record StepMeasurement(double Opm, RunResult? Result = null)
{
    public static implicit operator StepMeasurement(double opm) => new(opm);

    public static implicit operator StepMeasurement(RunResult result) => FromResult(result);

    /// <summary>The server's busy CPU share over the step's measured window (its CPU set when known), or null when not measured.</summary>
    public double? ServerCpuPercent => Result?.ServerMetrics?.Average is { } a ? a.CpuSetPercent ?? a.CpuPercent : null;

    /// <summary>" at server CPU 63%" for progress lines; empty when not measured.</summary>
    public string ServerCpuText => ServerCpuPercent is { } cpu ? string.Create(System.Globalization.CultureInfo.InvariantCulture, $" at server CPU {cpu:0}%") : "";

    public static StepMeasurement FromResult(RunResult result) => new(result.Totals.Opm, result);
}
