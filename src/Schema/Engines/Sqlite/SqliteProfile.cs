namespace DvdStore.Schema.Engines.Sqlite;

/// <summary>What the rest of the kit may know of SQLite (see <see cref="EngineProfile"/>).</summary>
internal static class SqliteProfile
{
    public static readonly EngineProfile Instance = new()
    {
        Name = "sqlite",
        ExampleConnection = "Data Source=dvdstore.db",
        DefaultConnection = "Data Source=dvdstore.db",
        InProcess = true,
        SingleWriter = true,
        FileConnection = static path => $"Data Source={path}",
        NewCounters = static () => new SqliteCounters(),
        NewWaits = static () => new SqliteWaits(),
        // Measured at 10MB (default page sizes and fill factors; INVENTORY with DS_INVENTORY_BASELINE).
        DiskBytesPerRow = new(Customers: 174.9, Orders: 59.4, OrderLines: 39.8, CustHist: 40.0, Products: 122.9, Inventory: 24.6, Membership: 43.0, Reviews: 536.4, Helpfulness: 42.2),
        NewScratchSpace = static () => new SqliteScratchSpace(),
        ReadIdentity = SqliteDatabaseIdentity.ReadAsync,
    };
}
