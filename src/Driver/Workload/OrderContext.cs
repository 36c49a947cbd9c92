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
    private int purchaseInFlight;

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

    /// <summary>
    /// 1 from the moment the purchase is sent until its order is counted (or it failed, or fell in doubt): the window's
    /// cross-check allows for a purchase the server committed that the driver has not counted yet.
    /// </summary>
    public int PurchaseInFlight => Volatile.Read(ref purchaseInFlight);

    public void BeginPurchase() => Volatile.Write(ref purchaseInFlight, 1);

    /// <summary>Called after the order is counted (or counted in doubt): the purchase is never missing from both.</summary>
    public void EndPurchase() => Volatile.Write(ref purchaseInFlight, 0);

    /// <summary>The batch size of one search: U(1, 2·search_batch_size − 1).</summary>
    public int BatchSize() => Random.CountWithMean(Settings.SearchBatchSize);
}
