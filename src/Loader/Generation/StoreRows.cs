using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Generation;

/// <summary>
/// Every generated table of one store (seed + size), in load order. ORDERLINES comes before INVENTORY so that
/// its generation has tallied the sales by the time inventory is made.
/// </summary>
public sealed class StoreRows
{
    public StoreRows(ulong seed, StoreSize size)
    {
        Seed = seed;
        Size = size;
        Counts = RowCounts.For(size);
        var orders = new OrderRows(seed, Counts);
        Sales = new SalesTally(orders, Counts.Products);
        Inventory = new InventoryRows(seed, Counts, Sales);
        Tables =
        [
            new CustomerRows(seed, Counts), orders.Orders(), orders.OrderLines(Sales), orders.CustHist(),
            new ProductRows(seed, Counts), Inventory, new MembershipRows(seed, Counts), new ReviewRows(seed, Counts),
            new HelpfulnessRows(seed, Counts),
        ];
    }

    public ulong Seed { get; }

    public StoreSize Size { get; }

    public RowCounts Counts { get; }

    public SalesTally Sales { get; }

    public InventoryRows Inventory { get; }

    public IReadOnlyList<IRowSource> Tables { get; }

    public IRowSource Table(string name) => Tables.First(t => t.Table.Name == name);
}
