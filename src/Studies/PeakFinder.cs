namespace DvdStore.Studies;

/// <summary>
/// Raises the load step by step until throughput tops out, the way published scale-up studies find a
/// server's peak: runs each user count, and stops after the first step whose OPM grew by less than
/// <see cref="ThresholdPercent"/> over the step before. Optionally resets the store between steps so
/// every step starts from the same data.
/// </summary>
public sealed class PeakFinder
{
    public PeakFinder(IReadOnlyList<int> users, double thresholdPercent = 5)
    {
        if (users.Count == 0 || users.Any(static u => u < 1))
        {
            throw new ArgumentException("a peak search needs at least one user count, each at least 1", nameof(users));
        }

        Users = users;
        ThresholdPercent = thresholdPercent;
    }

    /// <summary>User counts in the order they run.</summary>
    public IReadOnlyList<int> Users { get; }

    public double ThresholdPercent { get; }

    /// <summary>1, 2, 4 … up to <paramref name="maxUsers"/> (included).</summary>
    public static PeakFinder Doubling(int maxUsers, double thresholdPercent = 5, int startUsers = 1) =>
        new(CpuSetPlanner.Doubling(maxUsers, startUsers), thresholdPercent);

    /// <param name="runStep">Runs one step with the given users (a driver run) and returns what it measured.</param>
    /// <param name="resetStore">Brings the store back to its loaded state; called before every step but the first.</param>
    /// <param name="onStep">Told about each finished step (for progress output).</param>
    public async Task<PeakSearch> FindAsync(
        Func<int, CancellationToken, Task<StepMeasurement>> runStep,
        Func<CancellationToken, Task>? resetStore,
        CancellationToken cancellationToken,
        Action<PeakStep>? onStep = null)
    {
        var steps = new List<PeakStep>();
        foreach (var users in Users)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (steps.Count > 0 && resetStore is not null)
            {
                await resetStore(cancellationToken).ConfigureAwait(false);
            }

            var measurement = await runStep(users, cancellationToken).ConfigureAwait(false);
            var previous = steps.Count == 0 ? (double?)null : steps[^1].Opm;
            var growth = previous is { } p ? PeakStep.Growth(p, measurement.Opm) : null;
            var step = new PeakStep(users, measurement, growth);
            steps.Add(step);
            onStep?.Invoke(step);

            // After a step of 0 OPM any orders are growth, and none again is a plateau.
            if (growth < ThresholdPercent || (previous <= 0 && measurement.Opm <= 0))
            {
                return new PeakSearch(steps, PeakStopReason.Plateau);
            }
        }

        return new PeakSearch(steps, PeakStopReason.StepsExhausted);
    }
}
