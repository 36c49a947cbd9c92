namespace DvdStore.Schema.Engines.PostgreSql;

/// <summary>The cluster's system identifier (unique per initdb) and the database's oid.</summary>
internal static class PostgreSqlDatabaseIdentity
{
    public const string Sql =
        "SELECT (SELECT system_identifier::text FROM pg_control_system()) || ':' || (SELECT oid::text FROM pg_database WHERE datname = current_database())";
}
