namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Stands in for OracleParameterStatus.</summary>
public enum FakeOracleParameterStatus
{
    Success,
    NullFetched,
    NullInsert,
    Truncation,
}
