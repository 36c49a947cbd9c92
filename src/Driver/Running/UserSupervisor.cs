using DvdStore.Driver.Metrics;
using DvdStore.Driver.Workload;
using DvdStore.Schema;
using DvdStore.Schema.Connections;

namespace DvdStore.Driver.Running;

/// <summary>
/// Supervises the virtual users of one run: creates them (user i drives target i mod n, as DS3), connects them at
/// ramp_rate per second, starts them together, records why any of them stopped, and stops them all at the end
/// (a grace period for the order in flight, then abort).
/// </summary>
public sealed class UserSupervisor : IAsyncDisposable
{
    private readonly RunSettings settings;
    private readonly VirtualUser[] users;
    private readonly List<string> failures = [];
    private CancellationTokenSource? stop;
    private CancellationTokenSource? abort;
    private Task[] tasks = [];
    private string? fatal;
    private int running;

    /// <param name="pacing">A rate run's schedule the users take their order starts from; null = DS3's closed loop.</param>
    public UserSupervisor(RunSettings settings, IReadOnlyList<StoreTarget> targets, RunMetrics metrics, WorkloadSettings workload, WeightedProducts products, RatePacing? pacing = null)
    {
        this.settings = settings;
        users = new VirtualUser[settings.TotalUsers];
        for (var i = 0; i < users.Length; i++)
        {
            // Users of a target share at most 2×CPUs metric shards (RunMetrics decides the shard).
            var t = i % settings.Targets.Count;
            users[i] = new VirtualUser(i + 1, t, targets[t], metrics.ShardFor(i / settings.Targets.Count, t), settings.Retry, workload, products, settings.Seed) { Pacing = pacing };
        }

        running = users.Length;
    }

    public IReadOnlyList<VirtualUser> Users => users;

    /// <summary>Users still running their loop now.</summary>
    public int Running => Volatile.Read(ref running);

    /// <summary>The first error that stops the whole run (a fatal driver error, or every user gone), if any.</summary>
    public string? Fatal => Volatile.Read(ref fatal);

    /// <summary>Why users stopped early, in the order they stopped.</summary>
    public IReadOnlyList<string> Failures
    {
        get
        {
            lock (failures)
            {
                return failures.ToArray();
            }
        }
    }

    /// <summary>Cancelled when the run must end early (a fatal error, every user stopped, or the caller's cancellation).</summary>
    public CancellationToken StopToken => stop?.Token ?? throw new InvalidOperationException("the users have not been started.");

    public long CommittedOrders => users.Sum(static u => u.CommittedOrders);

    public long InDoubtOrders => users.Sum(static u => u.InDoubtOrders);

    /// <summary>Users whose purchase was sent and is not yet counted: each may have committed on the server already.</summary>
    public long PurchasesInFlight => users.Sum(static u => (long)u.PurchaseInFlight);

    /// <summary>Users that ran to the end without stopping early.</summary>
    public int StayedToTheEnd => users.Length - users.Count(static u => u.FailureMessage is not null);

    /// <summary>Orders each user completed, smallest first.</summary>
    public long[] OrdersPerUser() => users.Select(static u => u.CompletedOrders).Order().ToArray();

    /// <summary>
    /// Connects every user at ramp_rate per second. With DS3's output (<paramref name="ds3"/>) it prints DS3's lines
    /// (docs/ds3-compatibility.md, "A driver run"): "Thread k: created for User k" for every user, numbered from 0 as DS3 does, then
    /// "Controller (time): all threads running", then "Thread k: connected to target" as each connects.
    /// </summary>
    public async Task ConnectAllAsync(IReadOnlyList<string> names, TextWriter output, bool ds3, CancellationToken cancellationToken)
    {
        if (ds3)
        {
            foreach (var user in users)
            {
                await output.WriteLineAsync($"Thread {Ds3Number(user)}: created for User {Ds3Number(user)}").ConfigureAwait(false);
            }

            await output.WriteLineAsync($"Controller ({RunResultOutput.ControllerNow()}): all threads running").ConfigureAwait(false);
        }

        using var gate = new SemaphoreSlim(1, 1);
        async Task ConnectAsync(VirtualUser user, int index)
        {
            var delay = TimeSpan.FromSeconds(index / settings.RampRate);
            if (delay > TimeSpan.Zero)
            {
                await Task.Delay(delay, cancellationToken).ConfigureAwait(false);
            }

            await user.ConnectAsync(cancellationToken).ConfigureAwait(false);
            if (ds3)
            {
                await gate.WaitAsync(cancellationToken).ConfigureAwait(false);
                try
                {
                    await output.WriteLineAsync($"Thread {Ds3Number(user)}: connected to {names[user.TargetIndex]}").ConfigureAwait(false);
                }
                finally
                {
                    gate.Release();
                }
            }
        }

        var connecting = users.Select((u, i) => ConnectAsync(u, i)).ToArray();
        try
        {
            await Task.WhenAll(connecting).ConfigureAwait(false);
        }
        catch (UserError) when (connecting.FirstOrDefault(static t => t.IsFaulted)?.Exception?.InnerException is UserError first)
        {
            throw first;
        }
    }

    /// <summary>DS3 numbers its threads from 0; our users (and their random streams) from 1.</summary>
    private static int Ds3Number(VirtualUser user) => user.Id - 1;

    /// <summary>Starts every user's order loop; <paramref name="cancellationToken"/> (Ctrl-C/SIGTERM) stops them.</summary>
    public void Start(CancellationToken cancellationToken)
    {
        stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        abort = new CancellationTokenSource();

        // Users block in synchronous providers (SQLite); without enough pool threads the controller's timer
        // continuations starve and the warm-up and run windows drift.
        ThreadPool.GetMinThreads(out var minWorkers, out var minIo);
        ThreadPool.SetMinThreads(Math.Max(minWorkers, users.Length + 8), minIo);
        tasks = users.Select(u => Task.Run(() => RunUserAsync(u))).ToArray();
    }

    /// <summary>Fences every user (<see cref="VirtualUser.Fence"/>): asked before each call.</summary>
    public void FenceWith(Func<CancellationToken, ValueTask<string?>> fence)
    {
        foreach (var user in users)
        {
            user.Fence = fence;
        }
    }

    /// <summary>Ends the run at once: the users stop and the calls in flight are cancelled (the store is no longer the run's).</summary>
    public async Task AbortAsync(string message)
    {
        if (stop is null || abort is null)
        {
            return; // Not started: the fence stops every user at its first call.
        }

        await FailRunAsync(message).ConfigureAwait(false);
        await abort.CancelAsync().ConfigureAwait(false);
    }

    /// <summary>Asks every user to stop after its current order; after the grace period, aborts the orders still in flight.</summary>
    public async Task StopAsync()
    {
        await stop!.CancelAsync().ConfigureAwait(false);
        var all = Task.WhenAll(tasks);
        if (await Task.WhenAny(all, Task.Delay(settings.StopGrace, CancellationToken.None)).ConfigureAwait(false) != all)
        {
            await abort!.CancelAsync().ConfigureAwait(false);
        }

        await all.ConfigureAwait(false);
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var user in users)
        {
            await user.DisposeAsync().ConfigureAwait(false);
        }

        stop?.Dispose();
        abort?.Dispose();
    }

    private async Task RunUserAsync(VirtualUser user)
    {
        try
        {
            await user.RunAsync(stop!.Token, abort!.Token).ConfigureAwait(false);
            if (user.FailureMessage is { } message)
            {
                lock (failures)
                {
                    failures.Add(message);
                }
            }
        }
        catch (OperationCanceledException) when (abort!.IsCancellationRequested)
        {
            // Stopped at the end of the grace period.
        }
        catch (Exception e) when (e is DriverFatalException or StoreMismatchException)
        {
            await FailRunAsync(e.Message).ConfigureAwait(false);
        }
        catch (Exception e)
        {
            await FailRunAsync($"user {user.Id} failed unexpectedly: {e.GetType().Name}: {e.Message.Split('\n')[0]}").ConfigureAwait(false);
        }
        finally
        {
            if (Interlocked.Decrement(ref running) == 0 && !stop!.IsCancellationRequested)
            {
                string first;
                lock (failures)
                {
                    first = failures.FirstOrDefault() ?? "no user is left running";
                }

                await FailRunAsync("every user stopped: " + first).ConfigureAwait(false);
            }
        }
    }

    private async Task FailRunAsync(string message)
    {
        Interlocked.CompareExchange(ref fatal, message, null);
        await stop!.CancelAsync().ConfigureAwait(false);
    }
}
