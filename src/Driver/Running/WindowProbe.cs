using System.Data.Common;
using DvdStore.Loader.Store;

namespace DvdStore.Driver.Running;

/// <summary>
/// Reads the database's ORDERS count at an edge of the measured window, bracketed by the driver's own counts just before
/// and just after, on connections opened before the users start (one per distinct database, counted as the run's
/// cross-check counts), so a probe at an edge costs one count and no connect. Started at the edge and awaited later: it
/// never delays the measuring loop.
/// </summary>
public sealed class WindowProbe : IAsyncDisposable
{
    private readonly List<(OrdersCounter Counter, DbConnection Connection)> databases;
    private readonly long ordersBefore;
    private readonly Func<DriverOrderCounts> readDriver;

    private WindowProbe(List<(OrdersCounter, DbConnection)> databases, long ordersBefore, Func<DriverOrderCounts> readDriver)
    {
        this.databases = databases;
        this.ordersBefore = ordersBefore;
        this.readDriver = readDriver;
    }

    /// <summary>Opens a connection to each database <paramref name="crossCheck"/> counted before the start.</summary>
    /// <param name="readDriver">The driver's counts since the start: committed orders, in-doubt and in-flight purchases.</param>
    public static async Task<WindowProbe> OpenAsync(OrdersCrossCheck crossCheck, Func<DriverOrderCounts> readDriver, CancellationToken cancellationToken)
    {
        var databases = new List<(OrdersCounter, DbConnection)>();
        var before = 0L;
        try
        {
            foreach (var (target, counter, count) in crossCheck.Databases)
            {
                databases.Add((counter, await target.OpenAsync(cancellationToken).ConfigureAwait(false)));
                before += count;
            }
        }
        catch
        {
            await CloseAsync(databases).ConfigureAwait(false);
            throw;
        }

        return new WindowProbe(databases, before, readDriver);
    }

    /// <summary>The edge of a window that starts with the run (no warm-up): the count before the start, no order yet.</summary>
    public Task<WindowEdge> AtRunStart() => Task.FromResult(new WindowEdge(ordersBefore, DriverOrderCounts.None, DriverOrderCounts.None));

    /// <summary>Counts the orders now, with the driver's counts read just before and just after.</summary>
    public async Task<WindowEdge> ProbeAsync(CancellationToken cancellationToken)
    {
        var before = readDriver();
        var orders = 0L;
        foreach (var (counter, connection) in databases)
        {
            orders += await counter.CountAsync(connection, cancellationToken).ConfigureAwait(false);
        }

        return new WindowEdge(orders, before, readDriver());
    }

    public async ValueTask DisposeAsync() => await CloseAsync(databases).ConfigureAwait(false);

    private static async Task CloseAsync(List<(OrdersCounter, DbConnection Connection)> databases)
    {
        foreach (var (_, connection) in databases)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
        }

        databases.Clear();
    }
}
