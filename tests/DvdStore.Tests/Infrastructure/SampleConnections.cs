namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// A connection string per server engine for tests that never connect: host db1 on the engine's usual port, user and
/// database ds3, no password. A test adds the keywords it is about (a password, TLS or pool options).
/// </summary>
public static class SampleConnections
{
    public const string Postgres = "Host=db1;Port=5432;Username=ds3;Database=ds3";
    public const string MySql = "Server=db1;Port=3306;User ID=ds3;Database=ds3";
    public const string SqlServer = "Server=db1;User ID=ds3;Database=DS3";
    public const string Oracle = "Data Source=db1:1521/FREEPDB1;User Id=ds3";
}
