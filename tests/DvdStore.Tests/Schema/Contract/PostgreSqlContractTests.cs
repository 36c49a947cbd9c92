namespace DvdStore.Tests.Schema.Contract;

/// <summary>The engine contract on the PostgreSQL test server.</summary>
public sealed class PostgreSqlContractTests(PostgreSqlContractDatabase database)
    : EngineContractTests(database), IClassFixture<PostgreSqlContractDatabase>;
