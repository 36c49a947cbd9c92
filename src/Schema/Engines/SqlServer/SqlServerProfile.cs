namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>What the rest of the kit may know of SQL Server (see <see cref="EngineProfile"/>).</summary>
internal static class SqlServerProfile
{
    public static readonly EngineProfile Instance = new()
    {
        Name = "sqlserver",
        Aliases = ["mssql"],
        ExampleConnection = "Server=localhost;User ID=ds3;Database=DS3;TrustServerCertificate=true",
        ServerKey = "Server",
        NewCounters = static () => new SqlServerCounters(),
        NewWaits = static () => new SqlServerWaits(),
        NewScratchSpace = static () => new SqlServerScratchSpace(),
        ReadIdentity = DatabaseIdentity.Query(SqlServerDatabaseIdentity.Sql),
        ReadStatementProgress = SqlServerStatementProgress.ReadAsync,
    };
}
