namespace DvdStore.Driver.Workload;

/// <summary>
/// DS3's weighted product array without the array: ids 1..N once each, except every multiple of 10,000,
/// which appears 10 times ("popular" products, docs/ds3-compatibility.md, "A driver run"). Each block of 10,000 ids fills 10,009
/// slots, so a uniform slot maps straight to an id; memory stays constant at any store size.
/// </summary>
public sealed class WeightedProducts
{
    public const int PopularEvery = 10_000;
    public const int PopularWeight = 10;
    private const long SlotsPerBlock = PopularEvery + PopularWeight - 1;

    public WeightedProducts(long products)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(products, 1);
        Products = products;
        Slots = products + ((products / PopularEvery) * (PopularWeight - 1));
    }

    public long Products { get; }

    /// <summary>The length DS3's array would have.</summary>
    public long Slots { get; }

    /// <summary>The product id at a slot of DS3's array (0-based).</summary>
    public int At(long slot)
    {
        var block = slot / SlotsPerBlock;
        var offset = slot % SlotsPerBlock;
        var id = offset < PopularEvery - 1 ? (block * PopularEvery) + offset + 1 : (block + 1) * PopularEvery;
        return checked((int)id);
    }

    public int Draw(UserRandom random) => At(random.Between(0L, Slots - 1));
}
