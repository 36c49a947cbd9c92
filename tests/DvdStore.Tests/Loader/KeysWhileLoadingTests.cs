using DvdStore.Loader.Export;
using DvdStore.Tests.Schema.Contract;

namespace DvdStore.Tests.Loader;

/// <summary>
/// PostgreSQL and MySQL build each table's keys as soon as the table is loaded (PostgreSQL: tables created without
/// primary keys, one-stream tables written with COPY FREEZE, foreign keys added NOT VALID then validated; MySQL: each
/// table's indexes and statistics after its stream, foreign keys once both tables are done): the store each ends with
/// has exactly the catalog (columns, keys, indexes, validated constraints, routines, trigger) of the Tables, Keys and
/// Programmability phases, whether tables load in one stream or in parts; and rows that break a key fail the load
/// and leave it marked as loading.
/// </summary>
public sealed class KeysWhileLoadingTests
{
    [SkippableTheory]
    [InlineData(EngineKind.PostgreSql, 1_000_000L)]
    [InlineData(EngineKind.PostgreSql, 1L)]
    [InlineData(EngineKind.MySql, 1L)]
    public async Task The_loaded_store_has_the_catalog_of_the_schema_phases(EngineKind kind, long splitRows)
    {
        await using var reference = await LoaderDatabase.CreateAsync(kind);
        await using var loaded = await LoaderDatabase.CreateAsync(kind);
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
        // The lease's table is made by the load's lease, not by a schema phase: it is no part of the store's catalog.
        var catalog = await CatalogAsync(loaded);
        Assert.Contains(catalog, line => line.Contains(StoreModel.StoreLease.Name, StringComparison.OrdinalIgnoreCase));
        var actual = catalog.Where(static line => !line.Contains(StoreModel.StoreLease.Name, StringComparison.OrdinalIgnoreCase)).ToList();
        Assert.Contains(expected, line => line.Contains("fk_reviews_helpfulness_review_id", StringComparison.OrdinalIgnoreCase));
        Assert.Contains(expected, line => line.Contains("ix_prod_actor", StringComparison.OrdinalIgnoreCase));
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

    /// <summary>The store's catalog as the contract tests describe it (a NOT VALID constraint reads differently).</summary>
    private static async Task<IReadOnlyList<string>> CatalogAsync(LoaderDatabase database)
    {
        ContractDatabase contract = database.Target.Engine.Kind == EngineKind.MySql ? new MySqlContractDatabase() : new PostgreSqlContractDatabase();
        await using var connection = await database.Target.OpenAsync(CancellationToken.None);
        return await contract.DescribeCatalogAsync(connection);
    }
}
