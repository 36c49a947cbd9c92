namespace DvdStore.Tests.Schema.Oracle;

/// <summary>Stands in for OracleCollectionType.</summary>
public enum FakeOracleCollectionType
{
    None,
    PLSQLAssociativeArray,
}
