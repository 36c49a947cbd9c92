using System.Diagnostics;
using DvdStore.Schema.Engines;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// Says a step is still running while one long statement (an index build, a foreign key's check, statistics) gives
/// nothing else to report: a not-done step event with the time so far, every <see cref="Every"/>, carrying what the
/// server says of the statements in flight (<see cref="StatementWatch"/>) where it can tell.
/// </summary>
public static class StepHeartbeat
{
    public static readonly TimeSpan Every = TimeSpan.FromSeconds(10);

    /// <summary>Beats every <see cref="Every"/> until <paramref name="stop"/> is cancelled; never throws.</summary>
    public static Task BeatAsync(string step, Stopwatch clock, IProgress<LoadProgress>? progress, Func<CancellationToken, Task<IReadOnlyList<StatementProgress>>>? look, CancellationToken stop) =>
        BeatAsync(step, clock, progress, look, Every, stop);

    /// <param name="look">What the server says of the statements in flight (never throws); null for the plain beat.</param>
    public static async Task BeatAsync(string step, Stopwatch clock, IProgress<LoadProgress>? progress, Func<CancellationToken, Task<IReadOnlyList<StatementProgress>>>? look, TimeSpan every, CancellationToken stop)
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
                // The step's end stops the wait at once; a look still in flight ends on its own, on its own connection.
                var statements = look is null ? [] : await look(stop).WaitAsync(stop).ConfigureAwait(false);
                progress.Report(new LoadProgress(step, null, 0, 0, 0, clock.Elapsed, Done: false) { Statements = statements });
            }
        }
        catch (OperationCanceledException)
        {
            // The step ended.
        }
    }
}
