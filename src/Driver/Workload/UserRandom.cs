namespace DvdStore.Driver.Workload;

/// <summary>
/// A virtual user's random source: seeded from (run seed, user id), so a run with <c>--seed</c> replays
/// the same orders per user. DS3 seeded from the clock.
/// </summary>
public sealed class UserRandom
{
    private readonly Random random;

    public UserRandom(long runSeed, int userId)
    {
        random = new Random(DeriveSeed(runSeed, userId));
    }

    /// <summary>Integer uniform on [min, max], both inclusive (DS3's U(a,b)).</summary>
    public int Between(int min, int max) => random.Next(min, max + 1);

    /// <summary>64-bit uniform on [min, max], both inclusive.</summary>
    public long Between(long min, long max) => random.NextInt64(min, max + 1);

    /// <summary>Uniform on [0, 1).</summary>
    public double NextDouble() => random.NextDouble();

    /// <summary>A uniformly chosen element.</summary>
    public T Pick<T>(IReadOnlyList<T> items) => items[random.Next(items.Count)];

    /// <summary>U(1, 2·mean − 1): DS3's count with the given mean (1 when mean is 1).</summary>
    public int CountWithMean(int mean) => Between(1, (2 * mean) - 1);

    /// <summary>SplitMix64 of the pair, folded to 32 bits: neighbouring users get unrelated streams.</summary>
    internal static int DeriveSeed(long runSeed, int userId)
    {
        var z = unchecked((ulong)runSeed + (0x9E3779B97F4A7C15UL * (ulong)(userId + 1)));
        z = unchecked((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL);
        z = unchecked((z ^ (z >> 27)) * 0x94D049BB133111EBUL);
        z ^= z >> 31;
        return unchecked((int)(z ^ (z >> 32)));
    }
}
