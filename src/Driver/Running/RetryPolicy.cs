using System.Diagnostics;
using DvdStore.Driver.Workload;
using Polly;
using Polly.Retry;

namespace DvdStore.Driver.Running;

/// <summary>
/// What a virtual user does when a call fails, by <see cref="Schema.Engines.FailureKind"/>: deadlocks are retried
/// (inside the call's timing, as DS3's interface layers do); a lost connection is re-opened with exponential
/// backoff (outside the timing, counted) until the database has been unreachable for <see cref="DatabaseDownLimit"/>,
/// which ends the run; other errors are retried a few times and then abandon the order.
/// </summary>
public sealed record RetryPolicy
{
    public int MaxDeadlockRetries { get; init; } = 10;

    public int MaxOtherRetries { get; init; } = 2;

    /// <summary>How long a database may stay unreachable before the run ends with an error.</summary>
    public TimeSpan DatabaseDownLimit { get; init; } = TimeSpan.FromSeconds(60);

    public TimeSpan FirstReconnectDelay { get; init; } = TimeSpan.FromMilliseconds(100);

    public TimeSpan MaxReconnectDelay { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>Consecutive failed orders after which a user gives up (DS3: 10 tries).</summary>
    public int MaxConsecutiveFailedOrders { get; init; } = 10;

    /// <summary>Pause before deadlock retry <paramref name="attempt"/> (1-based): random, growing, small.</summary>
    public TimeSpan DeadlockDelay(int attempt, UserRandom random) => TimeSpan.FromMilliseconds(random.Between(1, 20 * attempt));

    /// <summary>
    /// Re-opening a lost connection (Polly): the first attempt after <see cref="FirstReconnectDelay"/> (the caller
    /// waits it), then pauses doubling from twice that up to <see cref="MaxReconnectDelay"/>, for as long as the
    /// database has been down (since <paramref name="downSince"/>, a <see cref="Stopwatch"/> timestamp) no longer
    /// than <see cref="DatabaseDownLimit"/>; then the last failure is thrown. Cancellation ends it at once.
    /// </summary>
    public ResiliencePipeline ReconnectPipeline(long downSince) => new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions
        {
            ShouldHandle = args => ValueTask.FromResult(
                args.Outcome.Exception is { } e
                && (e is not OperationCanceledException || !args.Context.CancellationToken.IsCancellationRequested)
                && Stopwatch.GetElapsedTime(downSince) <= DatabaseDownLimit),
            MaxRetryAttempts = int.MaxValue,
            BackoffType = DelayBackoffType.Exponential,
            Delay = 2 * FirstReconnectDelay,
            MaxDelay = MaxReconnectDelay,
        })
        .Build();

    /// <summary>Calls that change data are not repeated after a lost connection: they may have committed.</summary>
    public static bool IsSafeToRepeat(TransactionKind kind) =>
        kind is TransactionKind.Login or TransactionKind.Browse or TransactionKind.BrowseReviews or TransactionKind.GetReviews;
}
