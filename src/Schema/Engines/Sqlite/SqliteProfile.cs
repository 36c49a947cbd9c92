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
        NewScratchSpace = static () => new SqliteScratchSpace(),
        ReadIdentity = SqliteDatabaseIdentity.ReadAsync,
    };
}
