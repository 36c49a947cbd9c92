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
        NewScratchSpace = static () => new PostgreSqlScratchSpace(),
        ReadIdentity = DatabaseIdentity.Query(PostgreSqlDatabaseIdentity.Sql),
    };
}
