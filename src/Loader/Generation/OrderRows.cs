using DvdStore.Schema.Model;
using DvdStore.Schema.Sizing;

namespace DvdStore.Loader.Generation;

/// <summary>
/// ORDERS, ORDERLINES and CUST_HIST (docs/ds3-compatibility.md, "Generated data"), made together per chunk of orders: month m holds ids
/// (m−1)·N_ord_m+1 .. m·N_ord_m, day uniform in the month of 2013, customer U(1,N_cust), net 0.01×U(1,40000),
/// tax 8.25 %, U(1,9) lines of product U(1,N_prod) × quantity U(1,3), one history row per line.
/// </summary>
public sealed class OrderRows(ulong seed, RowCounts counts)
{
    public long ChunkCount => IdChunks.Count(counts.Orders);

    /// <summary>One order and its lines; the lines' (product, quantity) pairs.</summary>
    public readonly record struct Order(long OrderId, DateTime Date, long CustomerId, decimal Net, decimal Tax, decimal Total, int[] Products, short[] Quantities);

    public IEnumerable<Order> Chunk(long index)
    {
        var random = SeededRandom.For(seed, GeneratedTable.Orders, index);
        var (first, last) = IdChunks.Ids(index, counts.Orders);
        for (var id = first; id <= last; id++)
        {
            var month = (int)((id - 1) / counts.OrdersPerMonth) + 1;
            var date = Calendar2013.RandomDay(ref random, month);
            var customer = random.Next(1L, counts.Customers);
            var net = random.Next(1, 40_000) / 100m;
            var exactTax = net * StoreModel.TaxRate;
            var tax = Math.Round(exactTax, 2, MidpointRounding.AwayFromZero);
            var total = Math.Round(net + exactTax, 2, MidpointRounding.AwayFromZero);
            var lines = random.Next(1, 9);
            var products = new int[lines];
            var quantities = new short[lines];
            for (var j = 0; j < lines; j++)
            {
                products[j] = (int)random.Next(1L, counts.Products);
                quantities[j] = (short)random.Next(1, 3);
            }

            yield return new Order(id, date, customer, net, tax, total, products, quantities);
        }
    }

    public IRowSource Orders() => new View(this, StoreModel.Orders, counts.Orders, static (o, rows) =>
        rows.Add([o.OrderId, o.Date, o.CustomerId, o.Net, o.Tax, o.Total]));

    public IRowSource OrderLines(SalesTally? tally) => new View(this, StoreModel.OrderLines, counts.ExpectedOrderLines, (o, rows) =>
    {
        for (var j = 0; j < o.Products.Length; j++)
        {
            rows.Add([(short)(j + 1), o.OrderId, o.Products[j], o.Quantities[j], o.Date]);
        }
    }, tally);

    public IRowSource CustHist() => new View(this, StoreModel.CustHist, counts.ExpectedOrderLines, static (o, rows) =>
    {
        foreach (var product in o.Products)
        {
            rows.Add([o.CustomerId, o.OrderId, product]);
        }
    });

    private sealed class View(OrderRows orders, TableSpec table, long rowCount, Action<Order, List<object?[]>> expand, SalesTally? tally = null) : IRowSource
    {
        public TableSpec Table => table;

        public long ChunkCount => orders.ChunkCount;

        public long ExpectedRows => rowCount;

        public ChunkKey? ChunkKey => new("ORDERID", IdChunks.Size);

        public IEnumerable<object?[]> Chunk(long index)
        {
            var claimed = tally?.TryClaim(index) ?? false;
            var seen = claimed ? new List<Order>(IdChunks.Size) : null;
            var complete = false;
            try
            {
                var rows = new List<object?[]>(16);
                foreach (var order in orders.Chunk(index))
                {
                    seen?.Add(order);
                    rows.Clear();
                    expand(order, rows);
                    foreach (var row in rows)
                    {
                        yield return row;
                    }
                }

                complete = true;
            }
            finally
            {
                // Sales are added only for a chunk read to the end; a reader that stopped early gives the claim back.
                if (claimed && complete)
                {
                    seen!.ForEach(tally!.Add);
                    tally!.MarkDone(index);
                }
                else if (claimed)
                {
                    tally!.Release(index);
                }
            }
        }
    }
}
