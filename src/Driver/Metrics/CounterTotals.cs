namespace DvdStore.Driver.Metrics;

/// <summary>Counter values summed over shards at one moment; differences of two give a phase or an interval.</summary>
public sealed class CounterTotals
{
    public long Orders { get; set; }

    public long Rollbacks { get; set; }

    public long OrderMicros { get; set; }

    public long DeadlockRetries { get; set; }

    public long Reconnects { get; set; }

    public long[] CallCounts { get; } = new long[MetricsShard.KindCount];

    public long[] CallMicros { get; } = new long[MetricsShard.KindCount];

    public long[] Errors { get; } = new long[MetricsShard.KindCount];

    public long CommittedOrders => Orders - Rollbacks;

    public long TotalErrors => Errors.Sum();

    public CounterTotals Minus(CounterTotals earlier)
    {
        var result = new CounterTotals
        {
            Orders = Orders - earlier.Orders,
            Rollbacks = Rollbacks - earlier.Rollbacks,
            OrderMicros = OrderMicros - earlier.OrderMicros,
            DeadlockRetries = DeadlockRetries - earlier.DeadlockRetries,
            Reconnects = Reconnects - earlier.Reconnects,
        };
        for (var i = 0; i < CallCounts.Length; i++)
        {
            result.CallCounts[i] = CallCounts[i] - earlier.CallCounts[i];
            result.CallMicros[i] = CallMicros[i] - earlier.CallMicros[i];
            result.Errors[i] = Errors[i] - earlier.Errors[i];
        }

        return result;
    }
}
