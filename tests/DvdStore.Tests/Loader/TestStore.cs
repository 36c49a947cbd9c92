using DvdStore.Loader.Generation;

namespace DvdStore.Tests.Loader;

/// <summary>
/// A store the tests generate: the seed and size its rows come from, and the fingerprint those give. Most tests load
/// <see cref="Smallest"/>; a test that needs another seed or size says only that (<c>TestStore.Smallest with { Seed = 7 }</c>).
/// </summary>
internal sealed record TestStore(ulong Seed, StoreSize Size)
{
    /// <summary>DS3's smallest size (1MB) with the loader's default seed (3): seconds to load on every engine.</summary>
    public static readonly TestStore Smallest = new(LoadOptions.DefaultSeed, new StoreSize(1, SizeUnit.MB));

    /// <summary>The 10MB store (seed 3) of issue 3's load cycle and of the plan tests: tables big enough for plans to mean something.</summary>
    public static readonly TestStore TenMegabytes = Smallest with { Size = new StoreSize(10, SizeUnit.MB) };

    /// <summary>The fingerprint a load of this store must give, from the generators alone (computed once per run).</summary>
    public StoreFingerprint Reference => ReferenceFingerprint.Of(Seed, Size);

    /// <summary>The generated rows of this store.</summary>
    public StoreRows Rows() => new(Seed, Size);

    /// <summary>A plain load of this store, <paramref name="threads"/> tables at a time.</summary>
    public LoadOptions Load(int threads) => new(Size, Seed, threads);
}
