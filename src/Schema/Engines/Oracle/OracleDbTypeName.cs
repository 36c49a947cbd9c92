namespace DvdStore.Schema.Engines.Oracle;

/// <summary>
/// The OracleDbType members the engine binds with, named as the provider names them: its enum is only known at run
/// time, so <see cref="OracleBinding"/> parses each by its name.
/// </summary>
public enum OracleDbTypeName
{
    Int16,
    Int32,
    Int64,
    Decimal,
    Varchar2,
    Date,
    RefCursor,
}
