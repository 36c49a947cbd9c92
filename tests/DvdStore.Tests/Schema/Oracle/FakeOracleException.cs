namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Shaped like OracleException: a DbException with the ORA code in Number and the error stack in Message.</summary>
public sealed class FakeOracleException(int number, string message) : DbException(message)
{
    public int Number { get; } = number;
}
