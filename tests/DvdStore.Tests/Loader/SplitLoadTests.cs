using DvdStore.Loader.Pipeline;
using DvdStore.Loader.Store;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Sizing;

namespace DvdStore.Tests.Loader;

/// <summary>
/// Big tables load as one bulk stream per writer (interleaved chunks): forcing every table into parts on the 1MB
/// store (ORDERLINES too, whose parts together feed INVENTORY's sales tally) still gives the generators' fingerprint,
/// in the loader's report and in the database, and a store that verifies.
/// </summary>
public sealed class SplitLoadTests
{
    private const ulong Seed = 3;
    private static readonly StoreSize Size = StoreSize.Parse("1MB");

    [SkippableTheory]
    [InlineData(EngineKind.PostgreSql, 3)]
    [InlineData(EngineKind.MySql, 2)]
    public async Task Every_table_cut_into_parts_still_gives_the_reference_fingerprint(EngineKind kind, int threads)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        var options = new LoadOptions(Size, Seed, threads) { SplitRows = 1 };

        var report = await StoreLoader.LoadAsync(target, options, null, CancellationToken.None);

        var reference = ReferenceFingerprint.Of(Seed, Size);
        Assert.Equal(reference.Detail, report.Fingerprint.Detail);
        Assert.Equal(reference.Tables.Single(t => t.Table == "REVIEWS_HELPFULNESS").Rows, report.Rows["REVIEWS_HELPFULNESS"]);
        await using (var connection = await target.OpenAsync(CancellationToken.None))
        {
            var comparison = await FingerprintComparison.ReadAsync(connection, await StoreInfo.ReadAsync(connection, CancellationToken.None), CancellationToken.None);
            Assert.True(comparison.Matches, string.Join(", ", comparison.DifferingTables));
            Assert.Equal(reference.Value, comparison.Current.Value);
        }

        var verify = await StoreVerifier.VerifyAsync(target, CancellationToken.None);
        Assert.True(verify.Passed, string.Join("; ", verify.Checks.Where(c => !c.Passed).Select(c => c.Name + ": " + c.Detail)));
    }
}
