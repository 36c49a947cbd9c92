namespace DvdStore.Tests.Driver;

/// <summary>Stalls found from the run's log intervals, whose timer fires a few microseconds early or late.</summary>
public class StallFindingsTests
{
    /// <summary>The intervals of a soak's 10 s server freeze logged every 5 s: one interval without orders, 4.99996 s long.</summary>
    [Fact]
    public void One_log_interval_without_orders_a_hair_under_five_seconds_is_a_stall()
    {
        IntervalSample[] intervals =
        [
            new() { SinceStartSeconds = 235.482772836, Orders = 603, Users = 200 },
            new() { SinceStartSeconds = 240.01177658, Orders = 388, Users = 200 },
            new() { SinceStartSeconds = 245.011739479, Orders = 0, Users = 200 },
            new() { SinceStartSeconds = 250.139699275, Orders = 98, Users = 200 },
        ];

        var stall = Assert.Single(StallFindings.Assess(intervals, 0));

        Assert.Equal("stall", stall.Code);
        Assert.Contains("from 240 s to 245 s after the start", stall.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Quiet_seconds_shorter_than_the_minimum_are_no_stall()
    {
        IntervalSample[] intervals =
        [
            new() { SinceStartSeconds = 3, Orders = 10, Users = 2 },
            new() { SinceStartSeconds = 6, Orders = 0, Users = 2 },
            new() { SinceStartSeconds = 9, Orders = 10, Users = 2 },
        ];

        Assert.Empty(StallFindings.Assess(intervals, 0));
    }
}
