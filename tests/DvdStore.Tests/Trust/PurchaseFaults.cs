namespace DvdStore.Tests.Trust;

/// <summary>
/// Loses the connection of every <see cref="Every"/>-th purchase (counted over all users): alternately after the
/// purchase committed (the driver cannot know it did) and before it reached the store. Counts what it did.
/// </summary>
internal sealed class PurchaseFaults(int every)
{
    private long purchases;
    private long lostBefore;
    private long lostAfter;
    private long committedThenLost;

    public int Every { get; } = every;

    /// <summary>Purchases whose connection was lost (both kinds).</summary>
    public long Lost => Interlocked.Read(ref lostBefore) + Interlocked.Read(ref lostAfter);

    /// <summary>Purchases that committed (returned an order id) before their connection was lost.</summary>
    public long CommittedThenLost => Interlocked.Read(ref committedThenLost);

    public async Task<long> PurchaseAsync(IStoreCommands store, PurchaseRequest purchase, CancellationToken cancellationToken)
    {
        var n = Interlocked.Increment(ref purchases);
        if (n % Every != 0)
        {
            return await store.PurchaseAsync(purchase, cancellationToken);
        }

        if ((n / Every) % 2 == 0)
        {
            Interlocked.Increment(ref lostBefore);
            throw new LostConnectionException("connection lost before the purchase reached the store");
        }

        var orderId = await store.PurchaseAsync(purchase, cancellationToken);
        if (orderId != 0)
        {
            Interlocked.Increment(ref committedThenLost);
        }

        Interlocked.Increment(ref lostAfter);
        throw new LostConnectionException("connection lost after the purchase committed");
    }
}
