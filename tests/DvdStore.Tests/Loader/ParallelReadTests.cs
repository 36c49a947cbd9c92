namespace DvdStore.Tests.Loader;

/// <summary>
/// Store-wide reads on several connections (--parallel): on real SQLite, MariaDB and PostgreSQL the fingerprint read on
/// four connections, big tables cut into key ranges, is the one read on one connection and the reference the
/// generators give; verify on four connections passes, and a damaged row in a middle range is caught both ways.
/// </summary>
public sealed class ParallelReadTests
{
    [SkippableTheory]
    [InlineData(EngineKind.Sqlite)]
    [InlineData(EngineKind.MySql)]
    [InlineData(EngineKind.PostgreSql)]
    public async Task A_fingerprint_on_four_connections_equals_the_one_on_one_and_verify_agrees(EngineKind kind)
    {
        await using var database = await LoaderDatabase.CreateAsync(kind);
        var target = database.Target;
        await database.LoadAsync(TestStore.Smallest.Load(2));
        await using var connection = await target.OpenAsync(CancellationToken.None);

        var one = await StoreFingerprint.ReadAsync(new StoreReads(target.Engine, connection, target, 1), CancellationToken.None);
        var slices = 0;
        var four = await StoreFingerprint.ReadAsync(new StoreReads(target.Engine, connection, target, 4), _ => Interlocked.Increment(ref slices), CancellationToken.None);
        Assert.Equal(TestStore.Smallest.Reference.Value, one.Value);
        Assert.Equal(one.Detail, four.Detail);
        Assert.True(slices > 3 * StoreModel.Ds3Tables.Count, $"only {slices} reads: the big tables were not cut into ranges");
        var verify = await StoreVerifier.VerifyAsync(new StoreReads(target.Engine, connection, target, 4), null, CancellationToken.None);
        Assert.True(verify.Passed, string.Join("; ", verify.Failures.Select(f => $"{f.Name}: {f.Detail}")));

        // An order in the middle of the key range loses its first line number: both reads see it, verify names it.
        var middle = TestStore.Smallest.Reference.Tables.Single(t => t.Table == "ORDERS").Rows / 2;
        await using (var damage = connection.Command($"UPDATE ORDERLINES SET ORDERLINEID = 99 WHERE ORDERLINEID = 1 AND ORDERID = {target.Engine.Parameter("id")}"))
        {
            damage.Add(target.Engine.Parameter("id"), middle);
            Assert.Equal(1, await damage.ExecuteNonQueryAsync());
        }

        var damagedOne = await StoreFingerprint.ReadAsync(new StoreReads(target.Engine, connection, target, 1), CancellationToken.None);
        var damagedFour = await StoreFingerprint.ReadAsync(new StoreReads(target.Engine, connection, target, 4), CancellationToken.None);
        Assert.NotEqual(one.Value, damagedOne.Value);
        Assert.Equal(damagedOne.Detail, damagedFour.Detail);
        var failed = (await StoreVerifier.VerifyAsync(new StoreReads(target.Engine, connection, target, 4), null, CancellationToken.None)).Failures.ToList();
        Assert.Equal(["order lines numbered 1..n"], failed.Select(f => f.Name));
        Assert.StartsWith("1 orders", failed[0].Detail, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(1, 1_000_000, 4)]
    [InlineData(17, 20_016, 64)]
    [InlineData(5, 5_000, 2)]
    public void Key_ranges_cover_every_key_once_and_leave_both_ends_open(long min, long max, int parallel)
    {
        var slices = TableSlicing.Cut("ID", min, max, parallel).ToList();
        Assert.True(slices.Count > 1);
        Assert.Null(slices[0].From);
        Assert.Null(slices[^1].To);
        for (var i = 1; i < slices.Count; i++)
        {
            Assert.Equal(slices[i - 1].To + 1, slices[i].From);
        }

        Assert.True(slices.Count <= parallel * TableSlicing.SlicesPerConnection);
    }
}
