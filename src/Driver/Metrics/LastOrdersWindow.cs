namespace DvdStore.Driver.Metrics;

/// <summary>
/// The response times of the last 100 orders (DS3's rt_tot_lastn_max): a ring filled with one interlocked
/// increment per order, read by the reporter. A slot being overwritten while read gives an old or new value, both valid.
/// </summary>
public sealed class LastOrdersWindow
{
    public const int Size = 100;

    private readonly long[] micros = new long[Size];
    private long next = -1;

    public void Add(long orderMicros)
    {
        var slot = Interlocked.Increment(ref next) % Size;
        Volatile.Write(ref micros[slot], orderMicros);
    }

    public long MaxMicros()
    {
        long max = 0;
        for (var i = 0; i < Size; i++)
        {
            max = Math.Max(max, Volatile.Read(ref micros[i]));
        }

        return max;
    }

    public void Clear()
    {
        for (var i = 0; i < Size; i++)
        {
            Volatile.Write(ref micros[i], 0);
        }
    }
}
