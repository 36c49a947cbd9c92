using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Generation;

/// <summary>
/// INVENTORY (docs/ds3-compatibility.md, "Generated data"): stock U(0,500), ×10 for every 10,000th product (the driver's "hot sellers");
/// SALES = the quantities of the loaded order lines, from the <see cref="SalesTally"/>.
/// </summary>
public sealed class InventoryRows(ulong seed, RowCounts counts, SalesTally sales)
    : IdRangeRows(seed, GeneratedTable.Inventory, StoreModel.Inventory, counts.Products)
{
    /// <summary>Cancels a wait for the order lines' sales tally.</summary>
    public CancellationToken Cancellation { get; set; }

    protected override IEnumerable<object?[]> Rows(SeededRandom random, long first, long last)
    {
        var sold = sales.Complete(Cancellation);
        for (var id = first; id <= last; id++)
        {
            var stock = random.Next(0, 500) * (id % 10_000 == 0 ? 10 : 1);
            yield return [(int)id, stock, sold[id]];
        }
    }
}
