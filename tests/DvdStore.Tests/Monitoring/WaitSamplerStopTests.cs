using DvdStore.Monitoring;
using DvdStore.Tests.Schema.Oracle;

namespace DvdStore.Tests.Monitoring;

/// <summary>Stopping the wait sampler never throws: a run's result must not be lost to a sample failing as the run ends.</summary>
public class WaitSamplerStopTests
{
    [Fact]
    public async Task A_sample_that_fails_as_sampling_stops_does_not_fail_the_stop()
    {
        var waits = new FailingAtStop();
        await using var sampler = new WaitSampler(waits, _ => Task.FromResult<DbConnection>(new FakeOracleConnection()), 50, _ => { });
        sampler.Start(CancellationToken.None);
        await waits.Sampling.Task.WaitAsync(TimeSpan.FromSeconds(30));

        await sampler.StopAsync();

        Assert.True(waits.Failed);
    }

    /// <summary>A sample that waits for the stop and then fails with an error of the server's, not a cancellation.</summary>
    private sealed class FailingAtStop : IEngineWaits
    {
        public TaskCompletionSource Sampling { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public bool Failed { get; private set; }

        public string? Unavailable => null;

        public Task<string?> PrepareAsync(DbConnection connection, CancellationToken cancellationToken) => Task.FromResult<string?>(null);

        public async Task<IReadOnlyList<SessionWait>> SampleAsync(DbConnection connection, CancellationToken cancellationToken)
        {
            Sampling.TrySetResult();
            await Task.Delay(Timeout.Infinite, cancellationToken).ContinueWith(static _ => { }, TaskScheduler.Default);
            Failed = true;
            throw new FakeOracleException(1142, "SELECT command denied");
        }

        public Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(DbConnection connection, CancellationToken cancellationToken) =>
            Task.FromResult<IReadOnlyDictionary<string, WaitTotal>?>(null);
    }
}
