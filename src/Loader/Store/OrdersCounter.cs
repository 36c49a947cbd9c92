using System.Data.Common;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// Counts one store's ORDERS rows for the run's cross-check without reading them all. A store that records its load in
/// DS_STORE_INFO holds its loaded orders (runs add orders and never delete one; reset deletes only the added ones) plus
/// the rows above the loaded maximum ORDERID, counted through the key: a few index probes on an as-loaded store, the
/// orders runs added otherwise, so a 100GB store's 120 million orders are not counted at every run's start and end.
/// A store without that record (built by DS3's own scripts and not adopted) is counted whole.
/// </summary>
public sealed class OrdersCounter
{
    private const string AllOrders = "SELECT COUNT(*) FROM ORDERS";

    private readonly IEngine engine;
    private readonly long loaded;
    private readonly string sql;
    private readonly (string Name, object Value)[] parameters;

    private OrdersCounter(IEngine engine, long loaded, string sql, (string Name, object Value)[] parameters)
    {
        this.engine = engine;
        this.loaded = loaded;
        this.sql = sql;
        this.parameters = parameters;
    }

    /// <summary>True when the count is the loaded orders plus the added ones (false: every row is counted).</summary>
    public bool FromLoadRecord => sql != AllOrders;

    /// <summary>How <paramref name="connection"/>'s store is to be counted, from its load record when it keeps one.</summary>
    public static async Task<OrdersCounter> ForAsync(IEngine engine, DbConnection connection, CancellationToken cancellationToken)
    {
        StoreInfo info;
        try
        {
            info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException)
        {
            // No DS_STORE_INFO: a DS3-built store.
            return new OrdersCounter(engine, 0, AllOrders, []);
        }

        if (info.GetLong(StoreInfo.CountKey("ORDERS")) is not { } loaded || info.GetLong(StoreInfo.MaxKey("ORDERS")) is null)
        {
            return new OrdersCounter(engine, 0, AllOrders, []);
        }

        var (condition, parameters) = new AddedRows(engine, info).For(StoreModel.Table("ORDERS"))!.Value;
        return new OrdersCounter(engine, loaded, $"SELECT COUNT(*) FROM ORDERS WHERE {condition}", parameters);
    }

    /// <summary>The store's ORDERS rows now.</summary>
    public async Task<long> CountAsync(DbConnection connection, CancellationToken cancellationToken) =>
        loaded + await StoreQueries.CountAsync(engine, connection, sql, cancellationToken, parameters).ConfigureAwait(false);
}
