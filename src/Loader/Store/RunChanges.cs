using System.Data.Common;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Loader.Store;

/// <summary>
/// What runs changed beyond the added id ranges, read through keys only: the products whose stock or sales moved
/// (every purchase writes an order line above the loaded ORDERID maximum, every re-order writes a REORDER row) and the
/// customers of the added orders (CUST_HIST has no ORDERID index; its rows are found through these customers).
/// Both lists grow with the orders runs added, never with the store.
/// </summary>
internal sealed record RunChanges(IReadOnlyList<long> Products, IReadOnlyList<long> OrderCustomers)
{
    public static async Task<RunChanges> ReadAsync(IEngine engine, DbConnection connection, DbTransaction transaction, AddedRows added, CancellationToken cancellationToken)
    {
        var lastOrder = ("last_id", (object)added.Max("ORDERS"));
        var products = new SortedSet<long>();
        await ReadIdsAsync($"SELECT DISTINCT PROD_ID FROM ORDERLINES WHERE ORDERID > {engine.Parameter("last_id")}", products, lastOrder).ConfigureAwait(false);
        await ReadIdsAsync("SELECT DISTINCT PROD_ID FROM REORDER", products).ConfigureAwait(false);
        var customers = new SortedSet<long>();
        await ReadIdsAsync($"SELECT DISTINCT CUSTOMERID FROM ORDERS WHERE ORDERID > {engine.Parameter("last_id")} AND CUSTOMERID IS NOT NULL", customers, lastOrder).ConfigureAwait(false);
        return new RunChanges([.. products], [.. customers]);

        async Task ReadIdsAsync(string sql, SortedSet<long> into, params (string Name, object Value)[] parameters)
        {
            await using var command = connection.Command(sql, transaction);
            command.CommandTimeout = 0;
            foreach (var (name, value) in parameters)
            {
                command.Add(engine.Parameter(name), value);
            }

            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                into.Add(Convert.ToInt64(reader.GetValue(0), System.Globalization.CultureInfo.InvariantCulture));
            }
        }
    }
}
