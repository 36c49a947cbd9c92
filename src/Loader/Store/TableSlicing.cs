using System.Data.Common;
using System.Globalization;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// Cuts a table into key ranges for reading on several connections: equal spans of its slicing key (the first
/// primary-key column, else the first column of its first index, so each range is an index range), a few per
/// connection so the last ranges finish close together. A table whose keys span too little to be worth cutting, or
/// any table when one connection reads, is one <see cref="KeySlice.Whole"/>.
/// </summary>
public static class TableSlicing
{
    /// <summary>Ranges per reading connection: enough that one slow range does not leave the others idle at the end.</summary>
    public const int SlicesPerConnection = 4;

    /// <summary>Below this many keys a range costs more in statements than it saves.</summary>
    public const long MinimumKeysPerSlice = 100;

    /// <summary>The column a table is cut on, or null when it has no key or index to range over.</summary>
    public static string? SliceColumn(TableSpec table) =>
        table.PrimaryKey.Count > 0 ? table.PrimaryKey[0] : StoreModel.Indexes.FirstOrDefault(i => i.Table == table.Name)?.Columns[0];

    public static async Task<IReadOnlyList<KeySlice>> PlanAsync(StoreReads reads, TableSpec table, CancellationToken cancellationToken)
    {
        if (reads.Parallel == 1 || SliceColumn(table) is not { } column)
        {
            return [KeySlice.Whole];
        }

        // Two statements, not one: SQLite answers a lone MIN or MAX from the index but scans the table for both at once.
        var min = await ScalarAsync(reads.Connection, $"SELECT MIN({column}) FROM {table.Name}", cancellationToken).ConfigureAwait(false);
        var max = await ScalarAsync(reads.Connection, $"SELECT MAX({column}) FROM {table.Name}", cancellationToken).ConfigureAwait(false);
        if (min is not { } from || max is not { } to)
        {
            return [KeySlice.Whole];
        }

        var slices = Cut(column, from, to, reads.Parallel).ToList();
        if (slices.Count > 1 && table.Columns.First(c => c.Name == column).Nullable)
        {
            slices.Add(new KeySlice(column, null, null, NullKeys: true));
        }

        return slices;
    }

    /// <summary>The ranges of keys <paramref name="min"/>..<paramref name="max"/> for <paramref name="parallel"/> connections, the first open below and the last open above.</summary>
    public static IEnumerable<KeySlice> Cut(string column, long min, long max, int parallel)
    {
        var span = max - min + 1;
        var count = (int)Math.Min(parallel * SlicesPerConnection, span / MinimumKeysPerSlice);
        if (count <= 1)
        {
            yield return KeySlice.Whole;
            yield break;
        }

        for (var i = 0; i < count; i++)
        {
            long? from = i == 0 ? null : min + (span * i / count);
            long? to = i == count - 1 ? null : min + (span * (i + 1) / count) - 1;
            yield return new KeySlice(column, from, to);
        }
    }

    private static async Task<long?> ScalarAsync(DbConnection connection, string sql, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(sql);
        command.CommandTimeout = 0;
        var value = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return value is null or DBNull ? null : Convert.ToInt64(value, CultureInfo.InvariantCulture);
    }
}
