using System.Collections.Concurrent;
using DvdStore.Loader.Generation;

namespace DvdStore.Tests.Loader;

/// <summary>
/// The fingerprint a store must have, computed from the generators alone (one thread, no database); computed once per
/// seed and size for the whole test run, since several test classes check loads against the same store.
/// </summary>
internal static class ReferenceFingerprint
{
    private static readonly ConcurrentDictionary<(ulong Seed, StoreSize Size), Lazy<StoreFingerprint>> Computed = new();

    public static StoreFingerprint Of(ulong seed, StoreSize size) => Computed.GetOrAdd((seed, size), key => new(() => Compute(key.Seed, key.Size))).Value;

    private static StoreFingerprint Compute(ulong seed, StoreSize size)
    {
        var store = new StoreRows(seed, size);
        var tables = new List<TableFingerprint>();
        foreach (var source in store.Tables)
        {
            long rows = 0;
            ulong hash = 0;
            for (long chunk = 0; chunk < source.ChunkCount; chunk++)
            {
                foreach (var row in source.Chunk(chunk))
                {
                    hash += RowHash.Of(source.Table.Columns, row);
                    rows++;
                }
            }

            tables.Add(new TableFingerprint(source.Table.Name, rows, hash));
        }

        tables.Add(StoreLoader.CategoriesFingerprint());
        tables.Add(new TableFingerprint(StoreModel.Reorder.Name, 0, 0));
        return new StoreFingerprint(tables);
    }
}
