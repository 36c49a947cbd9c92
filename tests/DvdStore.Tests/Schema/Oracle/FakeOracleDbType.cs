namespace DvdStore.Tests.Schema.Oracle;

/// <summary>The members of Oracle.ManagedDataAccess.Client.OracleDbType the engine binds with, by the same names.</summary>
public enum FakeOracleDbType
{
    Int16,
    Int32,
    Int64,
    Decimal,
    Varchar2,
    Date,
    RefCursor,
}
