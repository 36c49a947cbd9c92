using System.Diagnostics;

namespace DvdStore.Driver.Running;

/// <summary>
/// Holds the users of a rate run that are free before their scheduled start and releases each at its start. One pacing
/// thread sleeps until the earliest start and releases every start then due, instead of a timer per order: a timer's
/// arm and fire plus the thread-pool wake it takes cost the client tens of microseconds per order, more at low rates.
/// A start is never released early (the clock is read again after every wake-up); a late wake-up counts in the latency.
/// </summary>
public sealed class StartGate
{
    /// <summary>How long the pacing thread stays with nothing to wait for before it ends (the next wait starts another).</summary>
    private static readonly TimeSpan IdleEnd = TimeSpan.FromSeconds(1);

    private readonly object gate = new();
    private readonly Func<long> clock;
    private readonly PriorityQueue<Waiter, long> waiting = new();
    private readonly List<Waiter> due = [];
    private bool pacing;
    private int pacingThreads;

    /// <param name="clock">Stopwatch timestamps (tests give their own clock and <see cref="Wake"/> the thread after moving it).</param>
    public StartGate(Func<long>? clock = null) => this.clock = clock ?? Stopwatch.GetTimestamp;

    /// <summary>Pacing threads started so far: one serves every waiting user for as long as any waits.</summary>
    internal int PacingThreads => Volatile.Read(ref pacingThreads);

    /// <summary>The gate's clock (a Stopwatch timestamp unless a test gave another).</summary>
    public long Now => clock();

    /// <summary>True at <paramref name="startTicks"/> (or later); false when <paramref name="stop"/> came first.</summary>
    public async Task<bool> WaitAsync(long startTicks, CancellationToken stop)
    {
        if (stop.IsCancellationRequested)
        {
            return false;
        }

        var waiter = Enter(startTicks);
        using (stop.UnsafeRegister(static state => ((Waiter)state!).Cancel(), waiter))
        {
            return await waiter.Task.ConfigureAwait(false);
        }
    }

    /// <summary>Queues a wait for <paramref name="startTicks"/>, starting the pacing thread if none runs.</summary>
    private Waiter Enter(long startTicks)
    {
        var waiter = new Waiter(this);
        lock (gate)
        {
            waiting.Enqueue(waiter, startTicks);
            if (!pacing)
            {
                pacing = true;
                Interlocked.Increment(ref pacingThreads);
                new Thread(Pace) { IsBackground = true, Name = "dvdstore pacing" }.Start();
            }
            else if (waiting.Peek() == waiter)
            {
                // The pacing thread sleeps until a later start (or for good): this one comes first.
                Monitor.Pulse(gate);
            }
        }

        return waiter;
    }

    /// <summary>Makes the pacing thread read the clock again (a test's clock moved; a waiter was cancelled).</summary>
    internal void Wake()
    {
        lock (gate)
        {
            Monitor.Pulse(gate);
        }
    }

    /// <summary>The pacing thread: sleeps until the earliest start, releases every start due by then, and again.</summary>
    private void Pace()
    {
        while (true)
        {
            lock (gate)
            {
                while (!TakeDue())
                {
                    if (waiting.Count == 0)
                    {
                        if (!Monitor.Wait(gate, IdleEnd) && waiting.Count == 0)
                        {
                            pacing = false;
                            return;
                        }

                        continue;
                    }

                    // Monitor.Wait sleeps in whole milliseconds: round up; an early wake-up only reads the clock again (as
                    // it does at least once a minute, so a far start never makes a wait too long for Monitor.Wait).
                    waiting.TryPeek(out _, out var next);
                    var milliseconds = Math.Ceiling((next - clock()) * 1000.0 / Stopwatch.Frequency);
                    Monitor.Wait(gate, TimeSpan.FromMilliseconds(Math.Clamp(milliseconds, 1, 60_000)));
                }
            }

            // Outside the lock, one thread-pool item for the starts due together (as the runtime's timer queue fires its
            // timers): it gives each start but the first an item of its own, so no user waits for another's order, and
            // runs the first itself. A user's order never runs on this thread.
            ThreadPool.UnsafeQueueUserWorkItem(static batch => Release(batch), due.ToArray(), preferLocal: false);
            due.Clear();
        }
    }

    /// <summary>Starts the users of <paramref name="batch"/>: each but the first on its own thread-pool item, the first here.</summary>
    private static void Release(Waiter[] batch)
    {
        for (var i = 1; i < batch.Length; i++)
        {
            ThreadPool.UnsafeQueueUserWorkItem(static waiter => waiter.TrySetResult(true), batch[i], preferLocal: false);
        }

        batch[0].TrySetResult(true);
    }

    /// <summary>Moves the starts due now (and waiters already cancelled at the head) out of the queue; true when any is due.</summary>
    private bool TakeDue()
    {
        var now = clock();
        while (waiting.TryPeek(out var waiter, out var start) && (waiter.Task.IsCompleted || start <= now))
        {
            waiting.Dequeue();
            if (!waiter.Task.IsCompleted)
            {
                due.Add(waiter);
            }
        }

        return due.Count > 0;
    }

    /// <summary>
    /// One user's wait: completed true at its start on a thread-pool thread (the user's order continues there), or false
    /// when the run stops.
    /// </summary>
    private sealed class Waiter(StartGate owner) : TaskCompletionSource<bool>
    {
        private StartGate Owner { get; } = owner;

        public void Cancel() =>
            // On the thread pool: the thread stopping the run must not run every waiting user's continuation itself.
            ThreadPool.UnsafeQueueUserWorkItem(static waiter =>
            {
                if (waiter.TrySetResult(false))
                {
                    // Prompt: the wait ends now, and the pacing thread drops it rather than sleep until its start.
                    waiter.Owner.Wake();
                }
            }, this, preferLocal: false);
    }
}
