namespace DvdStore.Schema.Engines.Oracle;

/// <summary>The OracleDbType members the engine binds with, by name (the provider's enum is only known at run time).</summary>
public static class OracleDbTypeName
{
    public const string Int16 = "Int16";
    public const string Int32 = "Int32";
    public const string Int64 = "Int64";
    public const string Decimal = "Decimal";
    public const string Varchar2 = "Varchar2";
    public const string Date = "Date";
    public const string RefCursor = "RefCursor";
}
