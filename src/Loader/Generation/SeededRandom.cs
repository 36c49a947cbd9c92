namespace DvdStore.Loader.Generation;

/// <summary>
/// Our own small PRNG (xoshiro256**, seeded through SplitMix64), so a store depends only on its seed and size,
/// never on the .NET version or the thread count. Each (seed, table, chunk, stream) gets its own generator.
/// </summary>
public struct SeededRandom
{
    private ulong _s0, _s1, _s2, _s3;

    public SeededRandom(ulong seed)
    {
        _s0 = SplitMix(ref seed);
        _s1 = SplitMix(ref seed);
        _s2 = SplitMix(ref seed);
        _s3 = SplitMix(ref seed);
    }

    /// <summary>The generator of one stream of one chunk of one table.</summary>
    public static SeededRandom For(ulong seed, GeneratedTable table, long chunk, int stream = 0) =>
        new(Mix(Mix(Mix(seed ^ Mix((ulong)table + 1)) ^ (ulong)chunk) ^ Mix((ulong)stream + 0x51)));

    public ulong NextUInt64()
    {
        var result = RotateLeft(_s1 * 5, 7) * 9;
        var t = _s1 << 17;
        _s2 ^= _s0;
        _s3 ^= _s1;
        _s1 ^= _s2;
        _s0 ^= _s3;
        _s2 ^= t;
        _s3 = RotateLeft(_s3, 45);
        return result;
    }

    /// <summary>U(low, high), both inclusive (multiply-high reduction: no division, bias below 2^-40).</summary>
    public long Next(long low, long high)
    {
        var range = (ulong)(high - low) + 1;
        return low + (long)Math.BigMul(NextUInt64(), range, out _);
    }

    public int Next(int low, int high) => (int)Next((long)low, high);

    /// <summary>The SplitMix64 finaliser: a strong 64-bit mixing function.</summary>
    public static ulong Mix(ulong z)
    {
        z += 0x9E3779B97F4A7C15UL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    private static ulong SplitMix(ref ulong state)
    {
        state += 0x9E3779B97F4A7C15UL;
        var z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9UL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBUL;
        return z ^ (z >> 31);
    }

    private static ulong RotateLeft(ulong x, int k) => (x << k) | (x >> (64 - k));
}
