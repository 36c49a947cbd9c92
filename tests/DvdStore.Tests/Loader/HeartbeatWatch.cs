using System.Diagnostics;
using DvdStore.Cli.Commands;

namespace DvdStore.Tests.Loader;

/// <summary>Watches a step's heartbeat on a real server, as a load runs it, for a statement a test holds or runs.</summary>
internal static class HeartbeatWatch
{
    public static readonly TimeSpan Patience = TimeSpan.FromMinutes(3);

    /// <summary>
    /// Beats (every 50 ms, each look on a connection of its own as in a load) until one carries a statement that
    /// <paramref name="wanted"/> accepts, and returns it with the line the printer wrote for that beat; null when
    /// <paramref name="running"/> ended first (its failure is thrown). Fails when patience runs out.
    /// </summary>
    public static async Task<(StatementProgress Statement, string Line)?> BeatUntilAsync(StoreTarget target, Func<StatementProgress, bool> wanted, Task running)
    {
        var found = new TaskCompletionSource<(StatementProgress, string)>(TaskCreationOptions.RunContinuationsAsynchronously);
        var output = new StringWriter();
        var printer = new LoadProgressPrinter(output);
        var progress = new LoaderDatabase.InlineProgress(beat =>
        {
            if (!found.Task.IsCompleted && beat.Statements.FirstOrDefault(wanted) is { } statement)
            {
                printer.Report(beat);
                found.TrySetResult((statement, output.ToString().Trim()));
            }
        });
        using var stop = new CancellationTokenSource();
        var beating = StepHeartbeat.BeatAsync("keys", Stopwatch.StartNew(), progress, StatementWatch.For(target), TimeSpan.FromMilliseconds(50), stop.Token);
        var first = await Task.WhenAny(found.Task, running, Task.Delay(Patience));
        await stop.CancelAsync();
        await beating;
        if (found.Task.IsCompleted)
        {
            return await found.Task;
        }

        if (first == running)
        {
            await running; // its error, if it failed
            return null;
        }

        Assert.Fail($"no beat named the statement in {Patience}");
        return null;
    }

    /// <summary><see cref="BeatUntilAsync"/> for a statement held until the test lets it go: fails if it ended unseen.</summary>
    public static async Task<(StatementProgress Statement, string Line)> HeldAsync(StoreTarget target, Func<StatementProgress, bool> wanted, Task held) =>
        await BeatUntilAsync(target, wanted, held) ?? throw new Xunit.Sdk.XunitException("the statement ended before any beat named it: it was not held");
}
