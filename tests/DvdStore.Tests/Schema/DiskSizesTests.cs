namespace DvdStore.Tests.Schema;

/// <summary>
/// The disk model against stores measured outside it: a 10MB SQLite file of this kit is 290.7 MB (dbstat, this
/// machine), and issue #28 found a 100MB PostgreSQL store at 5.6 GB; engines not measured say so (null).
/// </summary>
public sealed class DiskSizesTests
{
    [Theory]
    [InlineData(EngineKind.Sqlite, "10MB", 290_700_000)]
    [InlineData(EngineKind.PostgreSql, "100MB", 5_600_000_000)]
    public void The_expected_size_is_within_a_tenth_of_a_measured_store(EngineKind engine, string size, long measured)
    {
        var expected = DiskSizes.Expected(engine, StoreSize.Parse(size));
        Assert.NotNull(expected);
        Assert.InRange(expected.Value, measured * 0.9, measured * 1.1);
    }

    [Fact]
    public void Sizes_grow_with_the_rows_and_unmeasured_engines_say_so()
    {
        Assert.True(DiskSizes.Expected(EngineKind.MySql, StoreSize.Parse("1GB")) > 10 * DiskSizes.Expected(EngineKind.MySql, StoreSize.Parse("10MB")));
        Assert.Null(DiskSizes.Expected(EngineKind.SqlServer, StoreSize.Parse("10MB")));
        Assert.Equal("5.6 GB", DiskSizes.Format(5_600_000_000));
        Assert.Equal("279 MB", DiskSizes.Format(279_000_000));
    }
}
