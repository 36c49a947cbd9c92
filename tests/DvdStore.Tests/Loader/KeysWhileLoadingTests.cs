using DvdStore.Loader.Export;

namespace DvdStore.Tests.Loader;

/// <summary>
/// PostgreSQL builds each table's keys as soon as the table is loaded (tables created without primary keys, one-stream
/// tables written with COPY FREEZE, foreign keys added NOT VALID then validated): the store it ends with has exactly
/// the keys, indexes, validated constraints and trigger of the Tables, Keys and Programmability phases, whether tables
/// load in one stream or in parts; and rows that break a key fail the load and leave it marked as loading.
/// </summary>
public sealed class KeysWhileLoadingTests
{
    private const string Catalog =
        """
        SELECT 'index ' || indexname || ': ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
        UNION ALL
        SELECT 'constraint ' || conrelid::regclass || '.' || conname || ' validated=' || convalidated || ': ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
        UNION ALL
        SELECT 'trigger ' || tgname || ' on ' || tgrelid::regclass FROM pg_trigger WHERE NOT tgisinternal
        ORDER BY 1
        """;

    [SkippableTheory]
    [InlineData(1_000_000L)]
    [InlineData(1L)]
    public async Task The_loaded_store_has_the_keys_indexes_and_constraints_of_the_schema_phases(long splitRows)
    {
        await using var reference = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        await using var loaded = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        var engine = reference.Target.Engine;
        await using (var connection = await reference.Target.OpenAsync(CancellationToken.None))
        {
            foreach (var phase in new[] { SchemaPhase.Tables, SchemaPhase.Keys, SchemaPhase.Programmability })
            {
                await engine.CreateAsync(connection, phase, CancellationToken.None);
            }
        }

        var report = await StoreLoader.LoadAsync(loaded.Target, TestStore.Smallest.Load(2) with { SplitRows = splitRows }, null, CancellationToken.None);

        Assert.Equal(TestStore.Smallest.Reference.Value, report.Fingerprint.Value);
        var expected = await CatalogAsync(reference);
        var actual = await CatalogAsync(loaded);
        Assert.Contains(expected, line => line.StartsWith("constraint reviews_helpfulness.fk_reviews_helpfulness_review_id validated=true", StringComparison.Ordinal));
        Assert.Contains(expected, line => line.StartsWith("constraint customers.pk_customers", StringComparison.Ordinal));
        Assert.Equal(expected, actual);
    }

    [SkippableFact]
    public async Task Rows_that_break_a_primary_key_fail_the_load_and_leave_it_loading()
    {
        await using var database = await LoaderDatabase.CreateAsync(EngineKind.PostgreSql);
        var folder = Path.Combine(Path.GetDirectoryName(TestServers.TempFile("x"))!, "csv-" + Guid.NewGuid().ToString("N")[..8]);
        await CsvExporter.ExportAsync(TestStore.Smallest.Seed, TestStore.Smallest.Size, folder, 2, CancellationToken.None);
        // The last product replaced by the first one again: the row counts (from which the size is read) stay those of
        // the size, but PK_PRODUCTS can no longer be built.
        var products = Path.Combine(folder, "prod", "prod.csv");
        var lines = File.ReadAllLines(products);
        lines[^1] = lines[0];
        await File.WriteAllLinesAsync(products, lines);

        var error = await Assert.ThrowsAnyAsync<Exception>(() =>
            StoreLoader.LoadAsync(database.Target, new LoadOptions(TestStore.Smallest.Size) { FromCsv = folder }, null, CancellationToken.None));

        Assert.Contains("pk_products", error.Message, StringComparison.OrdinalIgnoreCase);
        await using var connection = await database.Target.OpenAsync(CancellationToken.None);
        Assert.Equal(StoreInfo.Loading, (await StoreInfo.ReadAsync(connection, CancellationToken.None)).State);
    }

    private static async Task<List<string>> CatalogAsync(LoaderDatabase database)
    {
        await using var connection = await database.Target.OpenAsync(CancellationToken.None);
        await using var command = connection.Command(Catalog);
        await using var reader = await command.ExecuteReaderAsync(CancellationToken.None);
        var lines = new List<string>();
        while (await reader.ReadAsync(CancellationToken.None))
        {
            lines.Add(reader.GetString(0));
        }

        return lines;
    }
}
