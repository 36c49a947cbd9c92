namespace DvdStore.Loader.Generation;

/// <summary>
/// INVENTORY.SALES = the quantities of the loaded order lines per product (ds3-facts §3.4). The ORDERLINES
/// source adds each chunk's lines as it generates them, so no second pass over the orders is needed; a chunk
/// that was not generated (e.g. inventory made on its own) is tallied on demand. Each chunk counts exactly once.
/// </summary>
public sealed class SalesTally(OrderRows orders, long products)
{
    private const int Free = 0, Claimed = 1, Done = 2;
    private readonly int[] _sales = new int[products + 1];
    private readonly int[] _state = new int[orders.ChunkCount];

    internal bool TryClaim(long chunk) => Interlocked.CompareExchange(ref _state[chunk], Claimed, Free) == Free;

    internal void Add(OrderRows.Order order)
    {
        for (var j = 0; j < order.Products.Length; j++)
        {
            Interlocked.Add(ref _sales[order.Products[j]], order.Quantities[j]);
        }
    }

    internal void MarkDone(long chunk) => Volatile.Write(ref _state[chunk], Done);

    /// <summary>Sales per product id (index 0 unused), once every chunk is counted.</summary>
    public int[] Complete(CancellationToken cancellationToken)
    {
        for (long chunk = 0; chunk < _state.Length; chunk++)
        {
            if (TryClaim(chunk))
            {
                foreach (var order in orders.Chunk(chunk))
                {
                    Add(order);
                }

                MarkDone(chunk);
            }

            // Another thread generates this chunk right now: wait for it to finish counting.
            var spin = new SpinWait();
            while (Volatile.Read(ref _state[chunk]) != Done)
            {
                cancellationToken.ThrowIfCancellationRequested();
                spin.SpinOnce();
            }
        }

        return _sales;
    }
}
