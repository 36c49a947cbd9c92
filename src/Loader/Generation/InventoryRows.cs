using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Generation;

/// <summary>
/// INVENTORY (ds3-facts §3.4): stock U(0,500), ×10 for every 10,000th product (the driver's "hot sellers");
/// SALES = the quantities of the loaded order lines, from the <see cref="SalesTally"/>.
/// </summary>
public sealed class InventoryRows(ulong seed, RowCounts counts, SalesTally sales) : IRowSource
{
    /// <summary>Cancels a wait for the order lines' sales tally.</summary>
    public CancellationToken Cancellation { get; set; }

    public TableSpec Table => StoreModel.Inventory;

    public long ChunkCount => IdChunks.Count(counts.Products);

    public long ExpectedRows => counts.Products;

    public IEnumerable<object?[]> Chunk(long index)
    {
        var sold = sales.Complete(Cancellation);
        var random = SeededRandom.For(seed, GeneratedTable.Inventory, index);
        var (first, last) = IdChunks.Ids(index, counts.Products);
        for (var id = first; id <= last; id++)
        {
            var stock = random.Next(0, 500) * (id % 10_000 == 0 ? 10 : 1);
            yield return [(int)id, stock, sold[id]];
        }
    }
}
