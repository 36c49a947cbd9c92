using System.Collections.Concurrent;

namespace DvdStore.Tests.Driver;

/// <summary>
/// The measured window is exact: its edges are single instants, whatever the controller does at them. A checkpoint made
/// slow (as a slow disk makes it) at every log line, with the warm-up ending on a log line, must not move orders out of
/// the window or into it: the window's committed orders agree with the database's own count, polled beside the run, over
/// the window's timestamps, within the orders in flight at the edges; the intervals add up to the totals; and the run's
/// window cross-check, read at the edges, agrees.
/// </summary>
public sealed class MeasuredWindowTests
{
    private const int Users = 4;

    /// <summary>Longer than the orders a user completes in it many times over, shorter than the log interval.</summary>
    private static readonly TimeSpan SlowCheckpoint = TimeSpan.FromMilliseconds(600);

    [SkippableTheory]
    [InlineData(EngineKind.Sqlite, false)]
    [InlineData(EngineKind.Sqlite, true)]
    [InlineData(EngineKind.PostgreSql, false)]
    [InlineData(EngineKind.PostgreSql, true)]
    [InlineData(EngineKind.MySql, false)]
    [InlineData(EngineKind.MySql, true)]
    public async Task The_window_agrees_with_the_databases_own_count_when_the_warm_up_ends_on_a_log_line(EngineKind kind, bool rate)
    {
        await using var store = await DriverTestStore.CreateAsync(kind);
        var settings = DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(4), TimeSpan.FromSeconds(2)) with
        {
            UsersPerTarget = Users,
            CheckpointDelay = SlowCheckpoint,
            TargetOpm = rate ? 2400 : null,
        };

        var (run, polls) = await RunWhilePollingAsync(store.Target, settings, whileRunning: null);

        var result = run.Result;
        Assert.True(result.Outcome == RunOutcome.Completed, run.Output);
        var measured = result.Intervals.Where(static i => i.Measured).ToList();
        var windowStart = result.Intervals.Last(static i => !i.Measured).TimestampUtc;
        var windowEnd = result.Intervals[^1].TimestampUtc;
        Assert.True(measured.Count >= 3, run.Output);

        // The intervals add up to the window: nothing counted after its last line, nothing before its first.
        Assert.Equal(result.Totals.Orders, measured.Sum(static i => i.Orders));
        Assert.Equal(result.Totals.CommittedOrders, measured.Sum(static i => i.Orders - i.Rollbacks));

        // The first measured interval and the whole window against the database's own counts.
        AssertWithinDatabaseGain(polls, windowStart, measured[0].TimestampUtc, measured[0].Orders - measured[0].Rollbacks, "first measured interval", run.Output);
        AssertWithinDatabaseGain(polls, windowStart, windowEnd, result.Totals.CommittedOrders, "measured window", run.Output);

        // The run's own check at the edges agrees, and says so.
        var window = result.WindowCrossCheck;
        Assert.NotNull(window);
        Assert.True(window.Matches, run.Output);
        Assert.Equal(result.Totals.CommittedOrders, window.DriverCommitted);
        // Its counts were taken at the edges or just after (the tolerance covers what committed meanwhile), never before.
        Assert.True(window.OrdersAtStart >= Bracket(polls, windowStart).Low && window.OrdersAtEnd >= Bracket(polls, windowEnd).Low, run.Output);
        Assert.Contains("window cross-check: database gained", run.Output, StringComparison.Ordinal);
        if (rate)
        {
            // The latencies are read at the same edges: each order of the window timed once, give or take those in flight.
            Assert.InRange(result.OpenLoop!.Latency.Count, result.Totals.Orders - Users, result.Totals.Orders + Users);
        }
    }

    [SkippableTheory]
    [EveryTestEngine]
    public async Task Orders_another_client_writes_in_the_window_fail_the_window_cross_check(EngineKind kind)
    {
        await using var store = await DriverTestStore.CreateAsync(kind);
        var settings = DriverTestStore.ShortRun(store.Target, TimeSpan.FromSeconds(5), TimeSpan.FromSeconds(1)) with { UsersPerTarget = 2 };
        const int Foreign = 12;

        // Once the users' orders show up in the database, and the warm-up is over, another client buys a dozen times.
        async Task WriteForeignOrdersAsync(Func<long> ordersSeen)
        {
            while (ordersSeen() == 0)
            {
                await Task.Delay(20);
            }

            await Task.Delay(TimeSpan.FromSeconds(2));
            await using var connection = await store.Target.OpenAsync(CancellationToken.None);
            await using var commands = store.Target.Engine.CreateStoreCommands(connection);
            for (var i = 0; i < Foreign; i++)
            {
                await commands.PurchaseAsync(new PurchaseRequest(7, 10m, 0.83m, 10.83m, [new CartItem(2, 1)]), CancellationToken.None);
            }
        }

        var output = new StringWriter();
        var (outcome, _) = await RunWhilePollingAsync(store.Target, settings, WriteForeignOrdersAsync, output);

        var window = outcome.Result.WindowCrossCheck;
        Assert.NotNull(window);
        Assert.False(window.Matches, output.ToString());
        Assert.True(window.DatabaseGained - window.DriverCommitted >= Foreign - window.ToleranceBelow, output.ToString());
        Assert.Equal(RunOutcome.Failed, outcome.Result.Outcome);
        Assert.Contains(outcome.Result.Findings, static f => f.Code == WindowCrossChecker.FindingCode && f.Severity == FindingSeverity.Error);
    }

    /// <summary>
    /// The driver's committed orders over [from, to] against the database's gain there: the database is polled, so its
    /// count at an instant lies between the last poll before it and the first after it; an order in flight at either edge
    /// may be counted by the database on one side and by the driver on the other (one per user).
    /// </summary>
    private static void AssertWithinDatabaseGain(IReadOnlyList<Poll> polls, DateTimeOffset from, DateTimeOffset to, long driverCommitted, string what, string output)
    {
        var (fromLow, fromHigh) = Bracket(polls, from);
        var (toLow, toHigh) = Bracket(polls, to);
        var (gainLow, gainHigh) = (toLow - fromHigh, toHigh - fromLow);
        Assert.True(driverCommitted >= gainLow - Users && driverCommitted <= gainHigh + Users,
            $"{what}: the driver committed {driverCommitted} orders, the database gained {gainLow}..{gainHigh} (polls {fromLow}..{fromHigh} at the start, {toLow}..{toHigh} at the end)\n{output}");
    }

    private static (long Low, long High) Bracket(IReadOnlyList<Poll> polls, DateTimeOffset at)
    {
        var before = polls.LastOrDefault(p => p.AnsweredUtc <= at) ?? throw new InvalidOperationException($"no poll before {at:O}");
        var after = polls.FirstOrDefault(p => p.AskedUtc >= at) ?? throw new InvalidOperationException($"no poll after {at:O}");
        return (before.Orders, after.Orders);
    }

    /// <summary>Runs the driver while another connection counts ORDERS as fast as it can, and <paramref name="whileRunning"/> beside it.</summary>
    private static async Task<(CompletedRunOrFailed Run, IReadOnlyList<Poll> Polls)> RunWhilePollingAsync(StoreTarget target, RunSettings settings, Func<Func<long>, Task>? whileRunning, StringWriter? output = null)
    {
        output ??= new StringWriter();
        var polls = new ConcurrentQueue<Poll>();
        var baseline = -1L;
        using var stop = new CancellationTokenSource();
        var poller = Task.Run(async () =>
        {
            await using var connection = await target.OpenAsync(CancellationToken.None);
            while (!stop.IsCancellationRequested)
            {
                var asked = DateTimeOffset.UtcNow;
                await using var count = connection.Command("SELECT COUNT(*) FROM ORDERS");
                var orders = Convert.ToInt64(await count.ExecuteScalarAsync(), CultureInfo.InvariantCulture);
                polls.Enqueue(new Poll(asked, DateTimeOffset.UtcNow, orders));
                Interlocked.CompareExchange(ref baseline, orders, -1);
                await Task.Delay(5);
            }
        });
        var beside = whileRunning?.Invoke(() => Math.Max(0, (polls.LastOrDefault()?.Orders ?? 0) - Interlocked.Read(ref baseline))) ?? Task.CompletedTask;
        var outcome = await DriverRunner.RunAsync(settings, TextWriter.Synchronized(output), CancellationToken.None);
        await beside;
        await Task.Delay(50);
        await stop.CancelAsync();
        await poller;
        return (new CompletedRunOrFailed(outcome, output.ToString()), polls.ToList());
    }

    private sealed record Poll(DateTimeOffset AskedUtc, DateTimeOffset AnsweredUtc, long Orders);

    private sealed record CompletedRunOrFailed(DriverRunOutcome Outcome, string Output)
    {
        public RunResult Result => Outcome.Result;
    }
}
