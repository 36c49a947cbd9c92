namespace DvdStore.Schema.Sizing;

/// <summary>
/// The row counts of a store of a given size, by DS3's rule (docs/ds3-compatibility.md, "Row counts"): MB sizes scale the small
/// base, exactly 1GB is the medium store, other GB sizes scale the large base. Counts are 64-bit, so
/// sizes past DS3's 32-bit limits work. Order lines, history and helpfulness depend on random draws and
/// are only expected values here; the loader reports the exact counts it wrote.
/// </summary>
public sealed record RowCounts(long Customers, long OrdersPerMonth, long Products)
{
    public const int Categories = 16;
    public const int Months = 12;
    public const int ReviewsPerProduct = 20;
    public const int PercentMembers = 10;

    public long Orders => OrdersPerMonth * Months;

    public long Inventory => Products;

    public long Reviews => Products * ReviewsPerProduct;

    /// <summary>floor(N_cust / 100) × 10: one member in each block of ten customers.</summary>
    public long Members => Customers / 100 * PercentMembers;

    /// <summary>Customers with ids 1..UsCustomers are in the US (region 1); the rest are ROW (region 2).</summary>
    public long UsCustomers => Customers / 2;

    /// <summary>Mean U(1,9) lines per order.</summary>
    public long ExpectedOrderLines => Orders * 5;

    /// <summary>Mean U(3,40) − 1 ratings per review.</summary>
    public double ExpectedHelpfulness => Reviews * 20.5;

    /// <summary>Every loaded table's rows together (order lines and history, products and inventory, as expected).</summary>
    public double ExpectedRows => Customers + Orders + 2.0 * ExpectedOrderLines + 2.0 * Products + Members + Reviews + ExpectedHelpfulness;

    public static RowCounts For(StoreSize size)
    {
        // Integer arithmetic (amount × base / divisor) gives DS3's generator counts exactly,
        // without the driver's double-rounding quirk (docs/ds3-compatibility.md, "Row counts").
        return size.Unit switch
        {
            SizeUnit.MB => new RowCounts(20_000 * size.Amount / 10, 1_000 * size.Amount / 10, 10_000 * size.Amount / 10),
            SizeUnit.GB when size.Amount == 1 => new RowCounts(2_000_000, 100_000, 100_000),
            SizeUnit.GB => new RowCounts(
                checked(200_000_000 * size.Amount / 100),
                checked(10_000_000 * size.Amount / 100),
                checked(1_000_000 * size.Amount / 100)),
            _ => throw new ArgumentOutOfRangeException(nameof(size), size.Unit, "sizes are normalised to MB or GB"),
        };
    }
}
