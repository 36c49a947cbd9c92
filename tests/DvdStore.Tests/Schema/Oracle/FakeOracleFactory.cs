namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Stands in for OracleClientFactory.Instance.</summary>
public sealed class FakeOracleFactory : DbProviderFactory
{
    public override DbConnection CreateConnection() => new FakeOracleConnection();

    public override DbCommand CreateCommand() => new FakeOracleCommand();

    public override DbParameter CreateParameter() => new FakeOracleParameter();
}
