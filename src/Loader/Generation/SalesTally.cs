namespace DvdStore.Loader.Generation;

/// <summary>
/// INVENTORY.SALES = the quantities of the loaded order lines per product (docs/ds3-compatibility.md, "Generated data"). The ORDERLINES
/// source adds each chunk's lines as it generates them, so no second pass over the orders is needed; a chunk
/// that was not generated (e.g. inventory made on its own) is tallied on demand. Each chunk counts exactly once:
/// a reader adds a chunk's sales only once it has read the whole chunk, and gives the claim back if it stops early.
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

    /// <summary>Gives a claimed chunk back (its reader stopped before the end, having added nothing), so another thread tallies it.</summary>
    internal void Release(long chunk) => Interlocked.CompareExchange(ref _state[chunk], Free, Claimed);

    /// <summary>Sales per product id (index 0 unused), once every chunk is counted.</summary>
    public int[] Complete(CancellationToken cancellationToken)
    {
        for (long chunk = 0; chunk < _state.Length; chunk++)
        {
            // Another thread may be generating this chunk right now: wait for it to finish counting, or to give the claim back.
            var spin = new SpinWait();
            while (Volatile.Read(ref _state[chunk]) != Done)
            {
                if (TryClaim(chunk))
                {
                    foreach (var order in orders.Chunk(chunk))
                    {
                        Add(order);
                    }

                    MarkDone(chunk);
                    break;
                }

                cancellationToken.ThrowIfCancellationRequested();
                spin.SpinOnce();
            }
        }

        return _sales;
    }
}
