namespace DvdStore.Schema.Engines.SqlServer;

/// <summary>The machine and instance names and the database's id and name.</summary>
internal static class SqlServerDatabaseIdentity
{
    public const string Sql =
        "SELECT CONCAT(CAST(SERVERPROPERTY('MachineName') AS nvarchar(128)), '\\', CAST(SERVERPROPERTY('InstanceName') AS nvarchar(128)), ':', DB_ID(), ':', DB_NAME())";
}
