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
        OneBulkStreamPerTable = true,
        ServerPidHint = "$(pidof mariadbd mysqld)",
        NewCounters = static () => new MySqlCounters(),
        NewWaits = static () => new MySqlWaits(),
        NewScratchSpace = static () => new MySqlScratchSpace(),
        ReadIdentity = DatabaseIdentity.Query(MySqlDatabaseIdentity.Sql),
    };
}
