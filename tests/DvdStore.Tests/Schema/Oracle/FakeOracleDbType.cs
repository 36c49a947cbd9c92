namespace DvdStore.Tests.Schema.Oracle;

/// <summary>
/// The members of Oracle.ManagedDataAccess.Client.OracleDbType the engine binds with, by the same names and with the
/// provider's own values, which differ from the engine's OracleDbTypeName: binding by anything but the name fails.
/// </summary>
public enum FakeOracleDbType
{
    Date = 106,
    Decimal = 107,
    Int16 = 111,
    Int32 = 112,
    Int64 = 113,
    RefCursor = 121,
    Varchar2 = 126,
}
