using DvdStore.Contract;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>A store file of its own in a fresh temp folder, removed after the test class.</summary>
public sealed class SqliteContractDatabase : ContractDatabase
{
    public override IEngine Engine { get; } = EngineCatalog.Get(EngineKind.Sqlite);

    protected override IReadOnlyList<string> CatalogQueries { get; } =
    [
        """
        SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'
        UNION ALL
        SELECT 'category ' || CATEGORY || ' ' || CATEGORYNAME FROM CATEGORIES
        """,
    ];

    protected override string ServerConnectionString() => "Data Source=unused.db";
}
