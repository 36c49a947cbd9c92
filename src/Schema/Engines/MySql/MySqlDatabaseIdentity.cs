namespace DvdStore.Schema.Engines.MySql;

/// <summary>The server's host name, port and data directory, and the schema (MariaDB has no @@server_uuid).</summary>
internal static class MySqlDatabaseIdentity
{
    public const string Sql = "SELECT CONCAT(@@hostname, ':', @@port, ':', @@datadir, ':', DATABASE())";
}
