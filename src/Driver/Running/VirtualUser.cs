using System.Data;
using System.Data.Common;
using System.Diagnostics;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Workload;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Commands;

namespace DvdStore.Driver.Running;

/// <summary>
/// One emulated customer session (DS3's thread): its own connection and <see cref="IStoreCommands"/>, its own
/// random stream, running orders back to back (with think time) until told to stop. It implements
/// <see cref="IOrderCalls"/>: every call is timed and retried here according to the <see cref="RetryPolicy"/>.
/// </summary>
public sealed class VirtualUser : IOrderCalls, IAsyncDisposable
{
    private readonly StoreTarget target;
    private readonly MetricsShard shard;
    private readonly RetryPolicy retry;
    private readonly OrderContext order;
    private readonly Func<StoreTarget, CancellationToken, Task<DbConnection>> open;
    private DbConnection? connection;
    private IStoreCommands? commands;
    private long committedOrders;
    private long completedOrders;

    public VirtualUser(int id, int targetIndex, StoreTarget target, MetricsShard shard, RetryPolicy retry, WorkloadSettings settings, WeightedProducts products, long seed,
        Func<StoreTarget, CancellationToken, Task<DbConnection>>? open = null)
    {
        Id = id;
        TargetIndex = targetIndex;
        this.target = target;
        this.shard = shard;
        this.retry = retry;
        this.open = open ?? (static (t, ct) => t.OpenAsync(ct));
        Random = new UserRandom(seed, id);
        order = new OrderContext(settings, products, Random, this, shard);
    }

    public int Id { get; }

    public int TargetIndex { get; }

    public UserRandom Random { get; }

    /// <summary>A rate run's schedule: each order waits for its scheduled start instead of following the last (null = closed loop).</summary>
    public RatePacing? Pacing { get; init; }

    /// <summary>Purchases this user saw commit, from its first order (warm-up included), for the server cross-check.</summary>
    public long CommittedOrders => Interlocked.Read(ref committedOrders);

    /// <summary>Purchases whose outcome this user never learned (lost connection, cancelled call): each may have committed.</summary>
    public long InDoubtOrders => order.InDoubtPurchases;

    /// <summary>1 while this user's purchase was sent and its order is not yet counted, else 0.</summary>
    public int PurchaseInFlight => order.PurchaseInFlight;

    /// <summary>Orders this user completed (committed or rolled back), from its first order: shows starvation.</summary>
    public long CompletedOrders => Interlocked.Read(ref completedOrders);

    /// <summary>Why the user stopped early, if it did.</summary>
    public string? FailureMessage { get; private set; }

    /// <summary>
    /// Asked before every call: why this run may no longer write to the store (its lease lost or run out), or null. A
    /// driver resumed after a pause past its lease sends nothing more: another process may hold the store by then.
    /// </summary>
    public Func<CancellationToken, ValueTask<string?>>? Fence { get; set; }

    /// <summary>Opens the user's connection (the store commands are created on it).</summary>
    public async Task ConnectAsync(CancellationToken cancellationToken)
    {
        connection = await open(target, cancellationToken).ConfigureAwait(false);
        commands = target.Engine.CreateStoreCommands(connection);
    }

    /// <summary>Uses an already made command object (tests with a fake store).</summary>
    internal void UseCommands(IStoreCommands storeCommands) => commands = storeCommands;

    /// <summary>
    /// Runs orders until <paramref name="stop"/> (the current order is finished first); <paramref name="abort"/>
    /// cancels calls in flight. Errors that end the run are thrown as <see cref="DriverFatalException"/> or
    /// <see cref="StoreMismatchException"/>.
    /// </summary>
    public async Task RunAsync(CancellationToken stop, CancellationToken abort)
    {
        var failedInARow = 0;
        while (!stop.IsCancellationRequested)
        {
            long scheduled = 0;
            if (Pacing is { } pacing)
            {
                if (await pacing.Schedule.NextStartAsync(stop).ConfigureAwait(false) is not { } due)
                {
                    return;
                }

                scheduled = due;
            }

            var started = Stopwatch.GetTimestamp();
            try
            {
                var rolledBack = await OrderSession.RunAsync(order, abort).ConfigureAwait(false);
                if (!rolledBack)
                {
                    Interlocked.Increment(ref committedOrders);
                }

                Interlocked.Increment(ref completedOrders);
                Pacing?.Metrics.Record(scheduled, started, Stopwatch.GetTimestamp());

                failedInARow = 0;
            }
            catch (OrderFailedException e)
            {
                shard.RecordError(e.Kind, e.Message);
                if (++failedInARow >= retry.MaxConsecutiveFailedOrders)
                {
                    FailureMessage = $"user {Id} stopped after {failedInARow} failed orders in a row: {e.Message}";
                    return;
                }

                continue;
            }

            // A rate run's schedule paces the orders; think time is the closed loop's.
            if (Pacing is not null)
            {
                continue;
            }

            var think = OrderSession.ThinkTimeMs(Random, order.Settings.ThinkTimeSeconds);
            if (think > 0)
            {
                try
                {
                    await Task.Delay(think, stop).ConfigureAwait(false);
                }
                catch (OperationCanceledException) when (stop.IsCancellationRequested)
                {
                    return;
                }
            }
        }
    }

    public async ValueTask<Timed<T>> CallAsync<T>(TransactionKind kind, Func<IStoreCommands, CancellationToken, Task<T>> call, CancellationToken cancellationToken)
    {
        var start = Stopwatch.GetTimestamp();
        long excluded = 0;
        var deadlocks = 0;
        var others = 0;
        while (true)
        {
            if (connection is { State: ConnectionState.Broken or ConnectionState.Closed })
            {
                // The session died between calls (killed while idle, or while a reader was being disposed: MySqlConnector
                // then marks the connection Broken without throwing). Nothing of this call was sent, so a new session may
                // run it whatever its kind.
                var lost = Stopwatch.GetTimestamp();
                await ReconnectAsync($"the connection was {connection.State.ToString().ToLowerInvariant()}", cancellationToken).ConfigureAwait(false);
                excluded += Stopwatch.GetTimestamp() - lost;
            }

            if (Fence is not null)
            {
                string? fenced;
                try
                {
                    fenced = await Fence(cancellationToken).ConfigureAwait(false);
                }
                catch (Exception e) when (target.Engine.Classify(e) == FailureKind.Connection && others++ < retry.MaxOtherRetries)
                {
                    // A lease the clock says ran out is renewed before any call; when the database cannot be reached
                    // for that, nothing of the call was sent: reconnect and ask again.
                    var unreachable = Stopwatch.GetTimestamp();
                    await ReconnectAsync(FirstLine(e.Message), cancellationToken).ConfigureAwait(false);
                    excluded += Stopwatch.GetTimestamp() - unreachable;
                    continue;
                }

                if (fenced is not null)
                {
                    throw new DriverFatalException("the run lost its hold on the store: " + fenced);
                }
            }

            try
            {
                var value = await call(commands!, cancellationToken).ConfigureAwait(false);
                return new Timed<T>(value, Stopwatch.GetTimestamp() - start - excluded);
            }
            catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
            {
                switch (target.Engine.Classify(e))
                {
                    case FailureKind.Deadlock when deadlocks < retry.MaxDeadlockRetries:
                        deadlocks++;
                        shard.RecordDeadlockRetry();
                        await Task.Delay(retry.DeadlockDelay(deadlocks, Random), cancellationToken).ConfigureAwait(false);
                        continue;
                    case FailureKind.Deadlock:
                        throw new OrderFailedException(kind, $"{kind}: still deadlocking after {deadlocks} retries", e);
                    case FailureKind.Connection:
                        var lost = Stopwatch.GetTimestamp();
                        await ReconnectAsync(FirstLine(e.Message), cancellationToken).ConfigureAwait(false);
                        excluded += Stopwatch.GetTimestamp() - lost;
                        if (!RetryPolicy.IsSafeToRepeat(kind))
                        {
                            throw new OrderFailedException(kind, $"{kind}: connection lost during a change; order abandoned", e) { ConnectionLost = true };
                        }

                        continue;
                    case FailureKind.MissingObject:
                        throw new DriverFatalException($"{target.Engine.DisplayName} at {target.RedactedConnection}: a store object is missing ({FirstLine(e.Message)}); load the store first with 'dvdstore load'.", e);
                    case FailureKind.Authentication:
                        throw new DriverFatalException($"{target.Engine.DisplayName} at {target.RedactedConnection} refused the credentials ({FirstLine(e.Message)}).", e);
                    case var _ when others < retry.MaxOtherRetries:
                        others++;
                        continue;
                    default:
                        throw new OrderFailedException(kind, $"{kind} failed: {FirstLine(e.Message)}", e);
                }
            }
        }
    }

    private async Task ReconnectAsync(string cause, CancellationToken cancellationToken)
    {
        if (connection is not null)
        {
            target.Engine.ClearPool(connection);
        }

        await CloseAsync().ConfigureAwait(false);
        var downSince = Stopwatch.GetTimestamp();
        await Task.Delay(retry.FirstReconnectDelay, cancellationToken).ConfigureAwait(false);
        try
        {
            await retry.ReconnectPipeline(downSince).ExecuteAsync(OpenAgainAsync, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            throw new DriverFatalException(
                $"{target.Engine.DisplayName} at {target.RedactedConnection} has been unreachable for more than {retry.DatabaseDownLimit.TotalSeconds:0} s ({cause}); run stopped.", e);
        }

        shard.RecordReconnect();
    }

    /// <summary>One reconnect attempt: a new connection and store commands, or nothing left open.</summary>
    private async ValueTask OpenAgainAsync(CancellationToken cancellationToken)
    {
        try
        {
            connection = target.Engine.CreateConnection(target.ConnectionString);
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            commands = target.Engine.CreateStoreCommands(connection);
        }
        catch
        {
            await CloseAsync().ConfigureAwait(false);
            throw;
        }
    }

    private async Task CloseAsync()
    {
        if (commands is not null)
        {
            try
            {
                await commands.DisposeAsync().ConfigureAwait(false);
            }
            catch (Exception e) when (e is DbException or InvalidOperationException or IOException)
            {
                // The connection is already broken; nothing to clean up on the server.
            }

            commands = null;
        }

        if (connection is not null)
        {
            try
            {
                await connection.DisposeAsync().ConfigureAwait(false);
            }
            catch (Exception e) when (e is DbException or InvalidOperationException or IOException)
            {
                // As above.
            }

            connection = null;
        }
    }

    public ValueTask DisposeAsync() => new(CloseAsync());

    private static string FirstLine(string message) => message.Split('\n', 2)[0].Trim().TrimEnd('.');
}
