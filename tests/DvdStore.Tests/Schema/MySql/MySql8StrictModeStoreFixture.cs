using DvdStore.Schema.Engines.MySql;

namespace DvdStore.Tests.Schema.MySql;

/// <summary>
/// The same hand-made store, with every connection (build, load and calls) under MySQL 8's default sql_mode
/// (ONLY_FULL_GROUP_BY, STRICT_TRANS_TABLES, NO_ZERO_IN_DATE, NO_ZERO_DATE, ERROR_FOR_DIVISION_BY_ZERO,
/// NO_ENGINE_SUBSTITUTION) and utf8mb4: the closest MariaDB comes to running the store as MySQL 8 would.
/// </summary>
public sealed class MySql8StrictModeStoreFixture : MySqlStoreFixture
{
    protected override string? SessionSqlMode => MySqlEngine.MySql8DefaultSqlMode;
}
