using DvdStore.Tests.Driver;

namespace DvdStore.Tests.Trust;

/// <summary>
/// A purchase whose connection is lost may or may not have committed: the driver counts it in doubt, the cross-check
/// passes when committed ≤ gained ≤ committed + in doubt and says how many turned out committed, and the store holds
/// exactly those orders. Driven on a real SQLite store whose purchases lose their connection on purpose.
/// </summary>
public sealed class InDoubtPurchaseTests
{
    [Fact]
    public async Task Purchases_that_lose_their_connection_are_counted_in_doubt_and_resolved_by_the_cross_check()
    {
        var faults = new PurchaseFaults(every: 5);
        var sqlite = TestServers.Target(EngineKind.Sqlite);
        await using var store = await TrustRuns.CreateStoreAsync(new StoreTarget(new FaultyEngine(sqlite.Engine, faults), sqlite.ConnectionString));
        var before = await StoreLedger.ReadAsync(store.Target);

        var (outcome, output) = await CompletedRun.RunAsync(TrustRuns.Settings(store.Target, TimeSpan.FromSeconds(3), users: 4));

        var result = outcome.Result;
        var check = result.CrossCheck!;
        Assert.True(faults.Lost >= 4 && faults.CommittedThenLost > 0, $"{faults.Lost} lost, {faults.CommittedThenLost} committed then lost\n{output}");
        Assert.Equal(faults.Lost, check.InDoubt);
        Assert.Equal(faults.CommittedThenLost, check.InDoubtCommitted);
        Assert.Equal(check.DriverCommitted + faults.CommittedThenLost, check.DatabaseGained);
        Assert.True(check.Matches, output);
        // Abandoned orders are errors (the measured window's; purchases lost after its end are in doubt all the same).
        Assert.True(result.Totals.Errors > 0, output);
        Assert.Contains($"{check.InDoubt} in doubt ({check.InDoubtCommitted} of them committed): OK", output, StringComparison.Ordinal);
        var read = await RunResultReader.ReadAsync(outcome.ResultPath, CancellationToken.None);
        Assert.Equal((check.InDoubt, check.InDoubtCommitted), (read.CrossCheck!.InDoubt, read.CrossCheck.InDoubtCommitted));
        // The result says why orders were abandoned: here, the lost connections.
        var lost = Assert.Single(read.ErrorCauses, static c => c.Cause.Contains("connection lost", StringComparison.Ordinal));
        Assert.InRange(lost.Count, 1, faults.Lost);
        Assert.Contains(result.Findings, static f => f.Code == "errors" && f.Message.Contains("most often", StringComparison.Ordinal));
        await StoreLedger.AssertExactAsync(store.Target, before, StoreLedger.OrdersHeld(check));
    }

    [Theory]
    [InlineData(100, 0, true, 0)]
    [InlineData(100, 5, true, 0)]
    [InlineData(103, 5, true, 3)]
    [InlineData(105, 5, true, 5)]
    [InlineData(106, 5, false, 0)]
    [InlineData(99, 5, false, 0)]
    [InlineData(101, 0, false, 0)]
    public void The_cross_check_matches_when_the_gain_lies_between_committed_and_committed_plus_in_doubt(long gained, long inDoubt, bool matches, long inDoubtCommitted)
    {
        var check = CrossChecker.Compare(1_000, 1_000 + gained, 100, inDoubt);
        Assert.Equal((gained, matches, inDoubt, inDoubtCommitted), (check.DatabaseGained, check.Matches, check.InDoubt, check.InDoubtCommitted));
        Assert.EndsWith(matches ? ": OK" : ": MISMATCH", CrossChecker.Describe(check), StringComparison.Ordinal);
    }
}
