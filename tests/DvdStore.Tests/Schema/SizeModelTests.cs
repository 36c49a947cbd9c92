namespace DvdStore.Tests.Schema;

public class SizeModelTests
{
    [Theory]
    [InlineData("10MB", 20_000, 12_000, 10_000, 200_000, 2_000)]
    [InlineData("1gb", 2_000_000, 1_200_000, 100_000, 2_000_000, 200_000)]
    [InlineData("100GB", 200_000_000, 120_000_000, 1_000_000, 20_000_000, 20_000_000)]
    [InlineData("500MB", 1_000_000, 600_000, 500_000, 10_000_000, 100_000)]
    [InlineData("2GB", 4_000_000, 2_400_000, 20_000, 400_000, 400_000)]
    [InlineData("1MB", 2_000, 1_200, 1_000, 20_000, 200)]
    [InlineData("33mb", 66_000, 39_600, 33_000, 660_000, 6_600)]
    [InlineData("20GB", 40_000_000, 24_000_000, 200_000, 4_000_000, 4_000_000)]
    [InlineData("29GB", 58_000_000, 34_800_000, 290_000, 5_800_000, 5_800_000)]
    public void Counts_follow_DS3s_rule_exactly(string size, long customers, long orders, long products, long reviews, long members)
    {
        var counts = RowCounts.For(StoreSize.Parse(size));
        Assert.Equal(customers, counts.Customers);
        Assert.Equal(orders, counts.Orders);
        Assert.Equal(products, counts.Products);
        Assert.Equal(products, counts.Inventory);
        Assert.Equal(reviews, counts.Reviews);
        Assert.Equal(members, counts.Members);
    }

    [Theory]
    [InlineData("S", "10MB")]
    [InlineData("M", "1gb")]
    [InlineData("L", "100GB")]
    public void The_letters_are_DS3s_three_standard_sizes(string letter, string size) =>
        Assert.Equal(StoreSize.Parse(size), StoreSize.Parse(letter));

    [Fact]
    public void Sizes_past_DS3s_32_bit_limits_work()
    {
        var counts = RowCounts.For(StoreSize.Parse("2TB"));
        Assert.Equal(new StoreSize(2048, SizeUnit.GB), StoreSize.Parse("2tb"));
        Assert.Equal(4_096_000_000, counts.Customers);
        Assert.True(counts.Customers > int.MaxValue);
        Assert.Equal(2_457_600_000, counts.Orders);
    }

    [Theory]
    [InlineData("0MB")]
    [InlineData("-1GB")]
    [InlineData("12XB")]
    [InlineData("abc")]
    [InlineData("")]
    [InlineData("1.5GB")]
    [InlineData("GB")]
    public void Nonsense_is_rejected_with_what_is_accepted(string size)
    {
        var error = Assert.Throws<UserError>(() => StoreSize.Parse(size));
        Assert.Contains("accepted sizes: S, M, L", error.Message);
        Assert.Contains($"'{size}'", error.Message);
    }
}
