namespace DvdStore.Tests.Driver;

/// <summary>A driver run that had to complete: its outcome and all it printed (the message of any failed check on it).</summary>
internal sealed record CompletedRun(DriverRunOutcome Outcome, string Output)
{
    public RunResult Result => Outcome.Result;

    /// <summary>Runs the driver to its end; fails, showing the run's output, unless the run completed.</summary>
    public static async Task<CompletedRun> RunAsync(RunSettings settings)
    {
        var output = new StringWriter();
        var outcome = await DriverRunner.RunAsync(settings, TextWriter.Synchronized(output), CancellationToken.None);
        Assert.True(outcome.Result.Outcome == RunOutcome.Completed, output.ToString());
        return new CompletedRun(outcome, output.ToString());
    }
}
