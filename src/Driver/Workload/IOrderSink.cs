namespace DvdStore.Driver.Workload;

/// <summary>Where an order's measurements go: one timed call at a time, then the order itself. Called by one user only.</summary>
public interface IOrderSink
{
    /// <summary>One successful call that counts toward <paramref name="kind"/>'s statistics.</summary>
    void RecordCall(TransactionKind kind, long ticks);

    /// <summary>The order finished: its response time (sum of its counted calls) and whether the purchase rolled back.</summary>
    void RecordOrder(long ticks, bool rolledBack);
}
