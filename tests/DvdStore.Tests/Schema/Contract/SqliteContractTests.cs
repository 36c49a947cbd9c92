namespace DvdStore.Tests.Schema.Contract;

/// <summary>The engine contract on SQLite (always runs: no server needed).</summary>
public sealed class SqliteContractTests(SqliteContractDatabase database)
    : EngineContractTests(database), IClassFixture<SqliteContractDatabase>;
