namespace DvdStore.Tests.Infrastructure;

/// <summary>
/// Tests that change a shared test server's global settings (MariaDB's buffer pool, its commit flushing, its
/// performance_schema consumers) run alone, after the parallel tests: a store loaded beside a buffer pool shrunk to
/// 16M failed with "The total number of locks exceeds the lock table size" (CI, stop 34).
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class ServerWideSettingsCollection
{
    public const string Name = "server-wide settings (changes a shared test server's globals)";
}
