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

    /// <summary>
    /// The window's bounds, computed by hand: the start probe saw the driver at 100 committed before and 104 after, with 3
    /// purchases in flight; the end probe at 500 and 502 with 2 in flight; one purchase fell in doubt during the window.
    /// The database may have gained from 500 − 104 − 3 = 393 up to 502 − 100 + 2 + 1 = 405; the window committed 398.
    /// </summary>
    [Theory]
    [InlineData(392, false)] // one below the least: an order the driver counted that the database never got
    [InlineData(393, true)]
    [InlineData(398, true)]
    [InlineData(405, true)]
    [InlineData(406, false)] // one more than any in flight or in doubt could make: another client's
    public void The_window_matches_when_the_databases_gain_lies_within_what_was_in_flight_at_the_edges(long gained, bool matches)
    {
        var start = new WindowEdge(10_000, new DriverOrderCounts(100, 0, 1), new DriverOrderCounts(104, 0, 3));
        var end = new WindowEdge(10_000 + gained, new DriverOrderCounts(500, 1, 0), new DriverOrderCounts(502, 1, 2));

        var check = WindowCrossChecker.Compare(start, end, windowCommitted: 398);

        Assert.Equal((5, 7), (check.ToleranceBelow, check.ToleranceAbove));
        Assert.Equal(gained, check.DatabaseGained);
        Assert.Equal(matches, check.Matches);
        Assert.Equal(matches, WindowCrossChecker.Assess(check) is null);
    }
}
