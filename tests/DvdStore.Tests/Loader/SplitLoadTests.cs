namespace DvdStore.Tests.Loader;

/// <summary>
/// Big tables load as one bulk stream per writer (interleaved chunks): forcing every table into parts on the 1MB
/// store (ORDERLINES too, whose parts together feed INVENTORY's sales tally) still gives the generators' fingerprint,
/// in the loader's report and in the database, and a store that verifies. MySQL cuts only a table longer than a
/// writer's share, by key range (see <see cref="LoadPlan"/>): the same forcing gives the same fingerprint.
/// </summary>
public sealed class SplitLoadTests
{
    [SkippableTheory]
    [InlineData(EngineKind.PostgreSql, 3)]
    [InlineData(EngineKind.MySql, 2)]
    public async Task Every_table_cut_into_parts_still_gives_the_reference_fingerprint(EngineKind kind, int threads)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var options = TestStore.Smallest.Load(threads) with { SplitRows = 1 };

        var report = await database.LoadAsync(options);

        var reference = TestStore.Smallest.Reference;
        Assert.Equal(reference.Detail, report.Fingerprint.Detail);
        Assert.Equal(reference.Tables.Single(t => t.Table == "REVIEWS_HELPFULNESS").Rows, report.Rows["REVIEWS_HELPFULNESS"]);
        var comparison = await database.CompareWithLoadAsync();
        Assert.True(comparison.Matches, string.Join(", ", comparison.DifferingTables));
        Assert.Equal(reference.Value, comparison.Current.Value);
        await database.AssertVerifiesAsync();
    }
}
