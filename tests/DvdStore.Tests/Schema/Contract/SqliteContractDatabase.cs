using DvdStore.Contract;
using Microsoft.Data.Sqlite;

namespace DvdStore.Tests.Schema.Contract;

/// <summary>A store file of its own in a fresh temp folder, removed after the test class.</summary>
public sealed class SqliteContractDatabase : ContractDatabase
{
    public override IEngine Engine { get; } = EngineCatalog.Get(EngineKind.Sqlite);

    public override async Task<IReadOnlyList<string>> DescribeCatalogAsync(DbConnection connection)
    {
        const string catalog =
            """
            SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'
            UNION ALL
            SELECT 'category ' || CATEGORY || ' ' || CATEGORYNAME FROM CATEGORIES
            """;
        await using var command = new SqliteCommand(catalog, (SqliteConnection)connection);
        var lines = new List<string>();
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            lines.Add(reader.GetString(0));
        }

        return lines.Order(StringComparer.Ordinal).ToList();
    }

    protected override string ServerConnectionString() => "Data Source=unused.db";
}
