namespace DvdStore.Tests.Schema.Contract;

/// <summary>RenderDdl is the DDL CreateAsync runs: a DBA who runs the printed text gets the very same store.</summary>
public abstract partial class EngineContractTests
{
    [SkippableFact]
    public async Task Running_the_rendered_ddl_by_hand_builds_the_same_store_as_create()
    {
        await using var db = await OpenAsync();
        await Engine.DropAsync(db, None);
        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            await Engine.CreateAsync(db, phase, None);
        }

        var created = await database.DescribeCatalogAsync(db);
        await Engine.DropAsync(db, None);
        Assert.False(await Engine.StoreExistsAsync(db, None));

        foreach (var phase in Enum.GetValues<SchemaPhase>())
        {
            foreach (var batch in database.RenderedBatches(phase, Engine.RenderDdl(phase)))
            {
                await db.ExecuteAsync(batch, None);
            }
        }

        var rendered = await database.DescribeCatalogAsync(db);
        Assert.Equal(created, rendered);
        Assert.Contains(created, line => line.Contains("IX_CUST_USERNAME", StringComparison.OrdinalIgnoreCase));
        await Engine.DropAsync(db, None);
    }
}
