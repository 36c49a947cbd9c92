using System.Diagnostics;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// Says a step is still running while one long statement (an index build, a foreign key's check, statistics) gives
/// nothing else to report: a not-done step event with the time so far, every <see cref="Every"/>.
/// </summary>
public static class StepHeartbeat
{
    public static readonly TimeSpan Every = TimeSpan.FromSeconds(10);

    /// <summary>Beats every <see cref="Every"/> until <paramref name="stop"/> is cancelled; never throws.</summary>
    public static Task BeatAsync(string step, Stopwatch clock, IProgress<LoadProgress>? progress, CancellationToken stop) =>
        BeatAsync(step, clock, progress, Every, stop);

    public static async Task BeatAsync(string step, Stopwatch clock, IProgress<LoadProgress>? progress, TimeSpan every, CancellationToken stop)
    {
        if (progress is null)
        {
            return;
        }

        using var timer = new PeriodicTimer(every);
        try
        {
            while (await timer.WaitForNextTickAsync(stop).ConfigureAwait(false))
            {
                progress.Report(new LoadProgress(step, null, 0, 0, 0, clock.Elapsed, Done: false));
            }
        }
        catch (OperationCanceledException)
        {
            // The step ended.
        }
    }
}
