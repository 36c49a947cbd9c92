namespace DvdStore.Tests.Schema.Contract;

/// <summary>The engine contract on the MariaDB test server (MySQL engine).</summary>
public sealed class MySqlContractTests(MySqlContractDatabase database)
    : EngineContractTests(database), IClassFixture<MySqlContractDatabase>;
