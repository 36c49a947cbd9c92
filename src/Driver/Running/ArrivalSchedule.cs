using System.Diagnostics;
using MathNet.Numerics.Distributions;

namespace DvdStore.Driver.Running;

/// <summary>
/// The order starts of a rate run (<c>--rate</c>): one Poisson process at the target rate, shared by all users. A free
/// user takes the next start and waits for its time; when every user is busy, due starts queue (the backlog) and the
/// next free user takes the oldest. The order's latency is counted from its scheduled start, so a stalled server or
/// too few users show in the latency instead of silently lowering the offered load (no coordinated omission).
/// Seeded: the same seed gives the same gaps between starts.
/// </summary>
public sealed class ArrivalSchedule
{
    private readonly object gate = new();
    private readonly StartGate starts;
    private readonly Random random;
    private readonly double ratePerTick;
    private readonly Queue<long> untaken = new();
    private readonly Queue<long> notYetDue = new();
    private double lastArrival;
    private long lastArrivalTicks;
    private long lastUntaken;
    private long due;
    private long maxLagTicks;

    /// <param name="targetOpm">Order starts per minute, all users together.</param>
    /// <param name="seed">The run's seed (the schedule's stream differs from every user's).</param>
    public ArrivalSchedule(double targetOpm, long seed)
        : this(targetOpm, seed, new StartGate())
    {
    }

    /// <param name="starts">Where users free before their start wait for it (a test's gate runs on its own clock).</param>
    internal ArrivalSchedule(double targetOpm, long seed, StartGate starts)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(targetOpm);
        TargetOpm = targetOpm;
        this.starts = starts;
        ratePerTick = targetOpm / 60.0 / Stopwatch.Frequency;
        random = new Random(Workload.UserRandom.DeriveSeed(seed, -1));
        Start(starts.Now);
    }

    public double TargetOpm { get; }

    /// <summary>The first start comes one random gap after <paramref name="startTicks"/> (the common start, a Stopwatch timestamp).</summary>
    public void Start(long startTicks)
    {
        lock (gate)
        {
            untaken.Clear();
            notYetDue.Clear();
            lastArrival = startTicks;
            lastArrivalTicks = startTicks;
            due = 0;
            maxLagTicks = 0;
        }
    }

    /// <summary>
    /// Takes the next start for a user that is free at <paramref name="nowTicks"/>: its scheduled time (Stopwatch
    /// timestamp), in the past when the start waited for a free user.
    /// </summary>
    public long Take(long nowTicks)
    {
        lock (gate)
        {
            var scheduled = untaken.Count > 0 ? untaken.Dequeue() : Generate();
            maxLagTicks = Math.Max(maxLagTicks, nowTicks - scheduled);
            return scheduled;
        }
    }

    /// <summary>Takes the next start and waits for it at the <see cref="StartGate"/>; null when <paramref name="stop"/> came first.</summary>
    public async ValueTask<long?> NextStartAsync(CancellationToken stop)
    {
        var now = starts.Now;
        var scheduled = Take(now);
        if (scheduled > now && !await starts.WaitAsync(scheduled, stop).ConfigureAwait(false))
        {
            return null;
        }

        return stop.IsCancellationRequested ? null : scheduled;
    }

    /// <summary>
    /// The schedule at <paramref name="nowTicks"/>: starts scheduled so far, starts due but not yet taken (every user was
    /// busy), and the worst lag since the last look: how late a start was taken, or how long the oldest due start has waited.
    /// </summary>
    public ScheduleState Look(long nowTicks)
    {
        lock (gate)
        {
            // Starts due by now that no user took yet wait in order; only the last one generated may lie beyond now.
            while (lastArrivalTicks <= nowTicks)
            {
                lastUntaken = Generate();
                untaken.Enqueue(lastUntaken);
            }

            var backlog = untaken.Count - (untaken.Count > 0 && lastUntaken > nowTicks ? 1 : 0);
            while (notYetDue.Count > 0 && notYetDue.Peek() <= nowTicks)
            {
                notYetDue.Dequeue();
                due++;
            }

            var lag = Math.Max(maxLagTicks, backlog > 0 ? nowTicks - untaken.Peek() : 0);
            maxLagTicks = 0;
            return new ScheduleState(due, backlog, Math.Max(0, lag));
        }
    }

    /// <summary>The next arrival: an exponential gap (mean 1/rate) after the last one.</summary>
    private long Generate()
    {
        lastArrival += Exponential.Sample(random, ratePerTick);
        lastArrivalTicks = (long)Math.Ceiling(lastArrival);
        notYetDue.Enqueue(lastArrivalTicks);
        return lastArrivalTicks;
    }
}

/// <summary>What <see cref="ArrivalSchedule.Look"/> saw: starts scheduled so far, due starts waiting, and the worst lag (Stopwatch ticks).</summary>
public readonly record struct ScheduleState(long Scheduled, long Backlog, long LagTicks);
