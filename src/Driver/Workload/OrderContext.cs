namespace DvdStore.Driver.Workload;

/// <summary>What the transaction classes of one order share: the user's random source, calls, sink and the mix.</summary>
public sealed class OrderContext(WorkloadSettings settings, WeightedProducts products, UserRandom random, IOrderCalls calls, IOrderSink sink)
{
    public WorkloadSettings Settings { get; } = settings;

    public WeightedProducts Products { get; } = products;

    public UserRandom Random { get; } = random;

    public IOrderCalls Calls { get; } = calls;

    public IOrderSink Sink { get; } = sink;

    private long inDoubtPurchases;

    /// <summary>Purchases whose outcome the user never learned (connection lost or call cancelled mid-purchase): each may have committed.</summary>
    public long InDoubtPurchases => Interlocked.Read(ref inDoubtPurchases);

    /// <summary>Response time of the current order so far, Stopwatch ticks.</summary>
    public long OrderTicks { get; set; }

    /// <summary>Records a counted call and adds it to the order's response time.</summary>
    public void Count(TransactionKind kind, long ticks)
    {
        Sink.RecordCall(kind, ticks);
        OrderTicks += ticks;
    }

    /// <summary>Counts a purchase whose outcome is unknown: the cross-check then allows it either way.</summary>
    public void CountInDoubtPurchase() => Interlocked.Increment(ref inDoubtPurchases);

    /// <summary>The batch size of one search: U(1, 2·search_batch_size − 1).</summary>
    public int BatchSize() => Random.CountWithMean(Settings.SearchBatchSize);
}
