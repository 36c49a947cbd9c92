namespace DvdStore.Driver.Running;

/// <summary>
/// The database's ORDERS count at an edge of the measured window (summed over the run's databases), with the driver's
/// counts read just before the count was asked for and just after it came back: the count saw the database at some
/// instant between the two.
/// </summary>
public sealed record WindowEdge(long DatabaseOrders, DriverOrderCounts Before, DriverOrderCounts After);
