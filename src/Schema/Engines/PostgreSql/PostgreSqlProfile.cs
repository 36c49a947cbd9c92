namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>What the rest of the kit may know of PostgreSQL (see <see cref="EngineProfile"/>).</summary>
internal static class PostgreSqlProfile
{
    public static readonly EngineProfile Instance = new()
    {
        Name = "postgres",
        Aliases = ["postgresql", "pg", "pgsql"],
        ExampleConnection = "Host=localhost;Port=5432;Username=ds3;Database=ds3",
        ServerKey = "Host",
        HostPortSetsPort = true,
        ServerPidHint = "first line of $PGDATA/postmaster.pid",
        NewCounters = static () => new PostgreSqlCounters(),
        NewWaits = static () => new PostgreSqlWaits(),
        // Measured at 10MB (default page sizes and fill factors; INVENTORY with DS_INVENTORY_BASELINE).
        DiskBytesPerRow = new(Customers: 259.7, Orders: 126.3, OrderLines: 92.9, CustHist: 95.6, Products: 175.3, Inventory: 153.2, Membership: 110.6, Reviews: 600.6, Helpfulness: 109.0),
        NewScratchSpace = static () => new PostgreSqlScratchSpace(),
        ReadIdentity = DatabaseIdentity.Query(PostgreSqlDatabaseIdentity.Sql),
        ReadStatementProgress = PostgreSqlStatementProgress.ReadAsync,
    };
}
