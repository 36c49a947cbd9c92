using DvdStore.Schema.Engines;

namespace DvdStore.Schema.Sizing;

/// <summary>
/// What a store takes on disk, per engine: the engine's measured bytes per row of each DS3 table
/// (<see cref="DiskBytesPerRow"/>, kept in its profile) times the size model's row counts. The reviews and their ~20
/// ratings each are most of every store: DS3's row counts, not its nominal size, decide the disk. Null for an engine
/// not measured here (SQL Server, Oracle cannot run on the kit's machine).
/// </summary>
public static class DiskSizes
{
    /// <summary>The bytes a store of <paramref name="size"/> is expected to take on <paramref name="engine"/>, or null where not measured.</summary>
    public static long? Expected(EngineKind engine, StoreSize size)
    {
        if (EngineCatalog.Get(engine).Profile.DiskBytesPerRow is not { } perRow)
        {
            return null;
        }

        var rows = RowCounts.For(size);
        return (long)(perRow.Customers * rows.Customers + perRow.Orders * rows.Orders
            + perRow.OrderLines * rows.ExpectedOrderLines + perRow.CustHist * rows.ExpectedOrderLines
            + perRow.Products * rows.Products + perRow.Inventory * rows.Inventory + perRow.Membership * rows.Members
            + perRow.Reviews * rows.Reviews + perRow.Helpfulness * rows.ExpectedHelpfulness);
    }

    /// <summary>A byte count for people: "279 MB", "5.6 GB", "1.2 TB".</summary>
    public static string Format(long bytes) => bytes switch
    {
        >= 1_000_000_000_000 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1e12:0.#} TB"),
        >= 1_000_000_000 => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1e9:0.#} GB"),
        _ => string.Create(CultureInfo.InvariantCulture, $"{bytes / 1e6:0} MB"),
    };
}
