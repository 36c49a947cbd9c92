namespace DvdStore.Schema.Engines.MySql;

/// <summary>What the rest of the kit may know of MySQL/MariaDB (see <see cref="EngineProfile"/>).</summary>
internal static class MySqlProfile
{
    public static readonly EngineProfile Instance = new()
    {
        Name = "mysql",
        Aliases = ["mariadb"],
        ExampleConnection = "Server=localhost;Port=3306;User ID=ds3;Database=ds3",
        ServerKey = "Server",
        HostPortSetsPort = true,
        BulkStreamsByKeyRange = true,
        ServerPidHint = "$(pidof mariadbd mysqld)",
        NewCounters = static () => new MySqlCounters(),
        NewWaits = static () => new MySqlWaits(),
        // Measured at 10MB (default page sizes and fill factors; INVENTORY with DS_INVENTORY_BASELINE).
        DiskBytesPerRow = new(Customers: 261.3, Orders: 157.0, OrderLines: 62.1, CustHist: 133.4, Products: 235.9, Inventory: 72.1, Membership: 81.9, Reviews: 596.1, Helpfulness: 95.9),
        NewScratchSpace = static () => new MySqlScratchSpace(),
        ReadIdentity = DatabaseIdentity.Query(MySqlDatabaseIdentity.Sql),
        ReadStatementProgress = MySqlStatementProgress.ReadAsync,
    };
}
