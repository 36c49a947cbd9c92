namespace DvdStore.Schema.Engines.Oracle;

/// <summary>The server host, the database's unique name, the container and the store's schema (no V$ privilege needed).</summary>
internal static class OracleDatabaseIdentity
{
    public const string Sql =
        "SELECT SYS_CONTEXT('USERENV', 'SERVER_HOST') || ':' || SYS_CONTEXT('USERENV', 'DB_UNIQUE_NAME') || ':' || " +
        "SYS_CONTEXT('USERENV', 'CON_NAME') || ':' || SYS_CONTEXT('USERENV', 'CURRENT_SCHEMA') FROM DUAL";
}
