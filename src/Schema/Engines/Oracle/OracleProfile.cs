namespace DvdStore.Schema.Engines.Oracle;

/// <summary>What the rest of the kit may know of Oracle (see <see cref="EngineProfile"/>).</summary>
internal static class OracleProfile
{
    public static readonly EngineProfile Instance = new()
    {
        Name = "oracle",
        ExampleConnection = "Data Source=localhost:1521/FREEPDB1;User Id=ds3",
        NewCounters = static () => new OracleCounters(),
        NewWaits = static () => new OracleWaits(),
        NewScratchSpace = static () => new OracleScratchSpace(),
        ReadIdentity = DatabaseIdentity.Query(OracleDatabaseIdentity.Sql),
        ReadStatementProgress = OracleStatementProgress.ReadAsync,
    };
}
