using DvdStore.Contract;
using DvdStore.Schema.Engines.MySql;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>A database of its own on the MariaDB/MySQL test server (CREATE DATABASE), dropped after the test class.</summary>
public sealed class MySqlContractDatabase : ContractDatabase
{
    public override IEngine Engine { get; } = EngineCatalog.Get(EngineKind.MySql);

    // Separate queries: information_schema's utf8 and the store's utf8mb4 do not mix in one UNION.
    protected override IReadOnlyList<string> CatalogQueries { get; } =
    [
        "SELECT CONCAT('column ', TABLE_NAME, '.', COLUMN_NAME, ' ', COLUMN_TYPE, ' null=', IS_NULLABLE, ' extra=', EXTRA, ' default=', COALESCE(COLUMN_DEFAULT, '-'), ' ', COALESCE(COLLATION_NAME, '')) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()",
        "SELECT CONCAT('table ', TABLE_NAME, ' ', ENGINE, ' ', TABLE_COLLATION) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()",
        "SELECT CONCAT('index ', TABLE_NAME, '.', INDEX_NAME, ' ', SEQ_IN_INDEX, ' ', COLUMN_NAME, ' ', INDEX_TYPE, ' non_unique=', NON_UNIQUE) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE()",
        "SELECT CONCAT('fk ', CONSTRAINT_NAME, ' ', TABLE_NAME, ' ', REFERENCED_TABLE_NAME, ' ', DELETE_RULE) FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()",
        "SELECT CONCAT('routine ', ROUTINE_NAME, ' ', SQL_MODE, ' ', MD5(ROUTINE_DEFINITION)) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()",
        "SELECT CONCAT('trigger ', TRIGGER_NAME, ' ', ACTION_TIMING, ' ', EVENT_MANIPULATION, ' ', EVENT_OBJECT_TABLE, ' ', SQL_MODE, ' ', MD5(ACTION_STATEMENT)) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()",
        "SELECT CONCAT('category ', CATEGORY, ' ', CATEGORYNAME) FROM CATEGORIES",
    ];

    /// <summary>mysql runs the Tables and Keys text as it is; the Programmability text with <c>--delimiter=';;'</c>.</summary>
    public override IEnumerable<string> RenderedBatches(SchemaPhase phase, string ddl) =>
        phase == SchemaPhase.Programmability ? SqlScript.Split(ddl, MySqlEngine.ScriptSeparator) : [ddl];

    protected override string ServerConnectionString() => TestServers.MySql;
}
