using DvdStore.Driver.Results;

namespace DvdStore.Tests.Driver;

/// <summary>The cross-check's bound, committed ≤ gained ≤ committed + in doubt, at each edge and one past it.</summary>
public sealed class CrossCheckTests
{
    [Theory]
    [InlineData(1_000, 1_030, 30, 0, true, 0)] // exact: every order the driver committed, nothing in doubt
    [InlineData(1_000, 1_030, 28, 3, true, 2)] // two of three purchases in doubt committed
    [InlineData(1_000, 1_033, 30, 3, true, 3)] // all three in doubt committed: the upper edge
    [InlineData(1_000, 1_029, 30, 3, false, 0)] // one committed order missing: lost
    [InlineData(1_000, 1_034, 30, 3, false, 0)] // one row more than the driver could have written: another client
    public void Gained_orders_match_when_they_lie_between_committed_and_committed_plus_in_doubt(long before, long after, long committed, long inDoubt, bool matches, long inDoubtCommitted)
    {
        var check = new CrossCheck { OrdersBefore = before, OrdersAfter = after, DriverCommitted = committed, InDoubt = inDoubt };

        Assert.Equal(after - before, check.DatabaseGained);
        Assert.Equal(matches, check.Matches);
        Assert.Equal(inDoubtCommitted, check.InDoubtCommitted);
    }
}
