using DvdStore.Driver.Results;

namespace DvdStore.Studies;

/// <summary>One step of a rate sweep: the rate asked for, what the run measured, its worst interval at the SLA's percentile, and whether it held the SLA.</summary>
/// <param name="WorstMs">The worst measured interval's latency at the SLA's percentile (ms); null without an SLA.</param>
public sealed record RateStep(double TargetOpm, StepMeasurement Measurement, double? WorstMs, bool Held)
{
    /// <summary>Orders per minute the step delivered.</summary>
    public double Opm => Measurement.Opm;
}

/// <summary>The steps of a rate sweep and, with an SLA, the highest rate that held it (every lower step held too).</summary>
public sealed record RateSearch(IReadOnlyList<RateStep> Steps, LatencySla? Sla)
{
    /// <summary>The SLA's step: the last of the run of steps from the lowest rate up that all held; null when none did or without an SLA.</summary>
    public RateStep? SlaStep => Sla is null ? null : Steps.TakeWhile(static s => s.Held).LastOrDefault();

    /// <summary>The sweep as a peak search over its steps (each step's delivered OPM), for what every sweep reports.</summary>
    public PeakSearch AsPeakSearch(int users) => new(
        Steps.Select((s, i) => new PeakStep(users, s.Measurement, i == 0 ? null : PeakStep.Growth(Steps[i - 1].Opm, s.Opm))).ToList(),
        Sla is not null && Steps.Count > 0 && !Steps[^1].Held ? PeakStopReason.Plateau : PeakStopReason.StepsExhausted);

    /// <summary>
    /// Runs the rates in order; with an SLA it stops after the first step that breaks it (beyond the knee, latency only
    /// grows). <paramref name="resetStore"/> is called before every step but the first.
    /// </summary>
    public static async Task<RateSearch> RunAsync(
        IReadOnlyList<double> rates,
        LatencySla? sla,
        Func<double, CancellationToken, Task<StepMeasurement>> runStep,
        Func<CancellationToken, Task>? resetStore,
        CancellationToken cancellationToken,
        Action<RateStep>? onStep = null)
    {
        var steps = new List<RateStep>();
        foreach (var rate in rates)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (steps.Count > 0 && resetStore is not null)
            {
                await resetStore(cancellationToken).ConfigureAwait(false);
            }

            var measurement = await runStep(rate, cancellationToken).ConfigureAwait(false);
            var worst = measurement.Result is { } result ? sla?.WorstIntervalMs(result) : null;
            var step = new RateStep(rate, measurement, worst, sla is not null && measurement.Result is { } r && sla.HeldIn(r));
            steps.Add(step);
            onStep?.Invoke(step);
            if (sla is not null && !step.Held)
            {
                break;
            }
        }

        return new RateSearch(steps, sla);
    }
}
