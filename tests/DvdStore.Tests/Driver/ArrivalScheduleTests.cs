using System.Diagnostics;
using DvdStore.Driver.Parameters;
using DvdStore.Monitoring;

namespace DvdStore.Tests.Driver;

/// <summary>
/// The rate run's schedule without a server: a Poisson process at the target rate (exponential gaps, the mean and the
/// spread of one), replayed by its seed, with the backlog and lag of starts nobody took, and the findings when the
/// delivered rate falls short.
/// </summary>
public sealed class ArrivalScheduleTests
{
    private static readonly long Second = Stopwatch.Frequency;

    [Fact]
    public void Gaps_between_starts_are_exponential_with_the_target_rates_mean()
    {
        const int n = 200_000;
        var schedule = new ArrivalSchedule(6000, seed: 7);
        schedule.Start(0);
        var gaps = new double[n];
        long last = 0;
        for (var i = 0; i < n; i++)
        {
            var next = schedule.Take(0);
            gaps[i] = (double)(next - last) / Second;
            last = next;
        }

        // 6,000 OPM = 100 a second: mean gap 10 ms, standard deviation 10 ms (an exponential's equals its mean).
        var mean = gaps.Average();
        var sd = Math.Sqrt(gaps.Select(g => (g - mean) * (g - mean)).Sum() / (n - 1));
        Assert.InRange(mean, 0.00995, 0.01005);
        Assert.InRange(sd / mean, 0.98, 1.02);
        Assert.InRange(gaps.Count(static g => g > 0.01) / (double)n, Math.Exp(-1) - 0.005, Math.Exp(-1) + 0.005);
        Assert.All(gaps, static g => Assert.True(g >= 0));
    }

    [Fact]
    public void The_same_seed_replays_the_same_starts_and_another_seed_does_not()
    {
        static long[] Starts(long seed)
        {
            var schedule = new ArrivalSchedule(600, seed);
            schedule.Start(1_000);
            return Enumerable.Range(0, 100).Select(_ => schedule.Take(0)).ToArray();
        }

        Assert.Equal(Starts(42), Starts(42));
        Assert.NotEqual(Starts(42), Starts(43));
    }

    [Fact]
    public void Starts_nobody_took_are_the_backlog_and_the_next_free_user_takes_the_oldest()
    {
        var schedule = new ArrivalSchedule(60_000, seed: 3);
        var twin = new ArrivalSchedule(60_000, seed: 3);
        schedule.Start(0);
        twin.Start(0);
        var due = new List<long>();
        for (var next = twin.Take(0); next <= Second; next = twin.Take(0))
        {
            due.Add(next);
        }

        // One second at 1,000 a second and no user free: every start of that second is due and waiting.
        var state = schedule.Look(Second);
        Assert.Equal(due.Count, state.Scheduled);
        Assert.Equal(due.Count, state.Backlog);
        Assert.Equal(Second - due[0], state.LagTicks);

        // Users come free: they take the oldest due starts first, late by the time they waited.
        Assert.Equal(due[0], schedule.Take(Second));
        Assert.Equal(due[1], schedule.Take(Second));
        var after = schedule.Look(Second);
        Assert.Equal(due.Count - 2, after.Backlog);
        Assert.Equal(due.Count, after.Scheduled);
        Assert.Equal(Second - due[0], after.LagTicks);

        // Everything due is taken, with users waiting ahead of the schedule: no backlog, and the starts they hold are not yet scheduled.
        for (var i = 2; i < due.Count + 5; i++)
        {
            schedule.Take(Second);
        }

        var caughtUp = schedule.Look(Second);
        Assert.Equal(0, caughtUp.Backlog);
        Assert.Equal(due.Count, caughtUp.Scheduled);
    }

    [Fact]
    public async Task A_user_free_before_its_start_waits_for_it_and_a_stopped_run_ends_the_wait()
    {
        var schedule = new ArrivalSchedule(6, seed: 1);
        using var stop = new CancellationTokenSource();
        schedule.Start(Stopwatch.GetTimestamp() + (60 * Second));
        var waiting = schedule.NextStartAsync(stop.Token).AsTask();

        Assert.NotSame(waiting, await Task.WhenAny(waiting, Task.Delay(TimeSpan.FromMilliseconds(200))));
        await stop.CancelAsync();
        Assert.Null(await waiting);
    }

    [Fact]
    public async Task Users_waiting_for_their_starts_are_released_at_them_by_one_pacing_thread_on_the_schedules_clock()
    {
        // The gate's own clock, moved by hand: a start minutes away on it is released when the clock passes it, not by a
        // timer of its own (a timer per order would wait the minutes on the real clock, and start pacing threads no longer
        // count them).
        long now = 0;
        var gate = new StartGate(() => Interlocked.Read(ref now));
        using var stop = new CancellationTokenSource();
        var waits = Enumerable.Range(1, 8).Select(minute => gate.WaitAsync(minute * 60 * Second, stop.Token)).ToArray();
        Assert.All(waits, static w => Assert.False(w.IsCompleted));

        Interlocked.Exchange(ref now, (3 * 60 * Second) + 1);
        gate.Wake();
        Assert.All(await Task.WhenAll(waits[..3]).WaitAsync(TimeSpan.FromSeconds(60)), Assert.True);

        // The pass that released the due starts released none that is not yet due.
        Assert.All(waits[3..], static w => Assert.False(w.IsCompleted));
        Assert.Equal(1, gate.PacingThreads);

        // The run's end releases the others at once, as not started.
        await stop.CancelAsync();
        Assert.All(await Task.WhenAll(waits[3..]).WaitAsync(TimeSpan.FromSeconds(60)), Assert.False);
        Assert.False(await gate.WaitAsync(0, stop.Token));
    }

    [Fact]
    public async Task A_rate_runs_users_take_their_starts_in_order_and_wait_for_them_at_the_gate()
    {
        long now = 0;
        var gate = new StartGate(() => Interlocked.Read(ref now));
        var schedule = new ArrivalSchedule(6, seed: 5, gate);
        var twin = new ArrivalSchedule(6, seed: 5);
        twin.Start(0);
        var first = twin.Take(0);
        var second = twin.Take(0);

        var user1 = schedule.NextStartAsync(CancellationToken.None).AsTask();
        var user2 = schedule.NextStartAsync(CancellationToken.None).AsTask();
        Assert.False(user1.IsCompleted || user2.IsCompleted);

        Interlocked.Exchange(ref now, second);
        gate.Wake();
        Assert.Equal(first, await user1.WaitAsync(TimeSpan.FromSeconds(60)));
        Assert.Equal(second, await user2.WaitAsync(TimeSpan.FromSeconds(60)));

        // A start already due is taken without waiting.
        Interlocked.Exchange(ref now, long.MaxValue / 2);
        Assert.True(schedule.NextStartAsync(CancellationToken.None).IsCompletedSuccessfully);
    }

    [Theory]
    [InlineData(false, 90.0, "server")]
    [InlineData(false, 20.0, "users")]
    [InlineData(false, null, "users")]
    [InlineData(true, 20.0, "client")]
    [InlineData(true, 90.0, "server")]
    public void A_rate_delivered_more_than_2_percent_short_is_a_finding_naming_the_limit(bool clientSaturated, double? serverCpu, string limit)
    {
        var server = serverCpu is { } cpu ? new ServerMetricsSummary { Average = new ServerIntervalMetrics { CpuPercent = cpu } } : null;
        var shortRun = Summary(delivered: 9_700, scheduled: 10_000);

        var (summary, finding) = RateFindings.Assess(shortRun, 9_700, users: 4, clientSaturated, server);

        Assert.Equal(limit, summary.Limit);
        Assert.NotNull(finding);
        Assert.Equal("rate-not-delivered", finding.Code);
        AssertText.ContainsAll(finding.Message, "9700 OPM of the 10000", "97.0 %");
        var (delivered, none) = RateFindings.Assess(Summary(delivered: 9_850, scheduled: 10_000), 9_850, users: 4, clientSaturated, server);
        var (_, inFlight) = RateFindings.Assess(Summary(delivered: 90, scheduled: 100), 90, users: 10, clientSaturated, server);
        Assert.Null(inFlight);
        Assert.Null(none);
        Assert.Null(delivered.Limit);
    }

    [Fact]
    public void A_rate_and_think_time_together_are_refused_and_a_rate_is_recorded_with_the_run()
    {
        AssertUserError.OneLine(() => RunSettingsCheck.Validate(new RunParameterSet().ApplyArguments(["--rate", "600", "--think-time", "1"]).Build()), "--rate 600", "think_time", "drop one");
        AssertUserError.OneLine(() => new RunParameterSet().ApplyArguments(["--rate", "0"]).Build(), "--rate", "orders per minute");

        var settings = new RunParameterSet().ApplyArguments(["--rate", "6000"]).Build();
        Assert.Equal(6000, settings.TargetOpm);
        Assert.Equal("6000", settings.ToParameters()["rate"]);
        Assert.Null(new RunParameterSet().Build().TargetOpm);
        Assert.Equal("", new RunParameterSet().Build().ToParameters()["rate"]);
    }

    private static OpenLoopSummary Summary(double delivered, double scheduled) => new()
    {
        TargetOpm = 10_000,
        ScheduledOpm = scheduled,
        ScheduledOrders = (long)scheduled,
        DeliveredOpm = delivered,
        DeliveredPercent = 100 * delivered / scheduled,
        MaxBacklog = 12,
        MaxLagMs = 800,
        ServiceTime = new TransactionStats { MeanMs = 25 },
    };
}
