using System.Data.Common;
using System.Globalization;
using DvdStore.Loader.Generation;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>
/// The identity of a store's contents: per DS3 table a row count and an order-independent hash, and one
/// 64-bit value over all of them. Read from a database with plain <c>SELECT cols FROM T</c> (the same text on
/// every engine), so two engines loaded with the same seed and size show the same fingerprint.
/// </summary>
public sealed record StoreFingerprint(IReadOnlyList<TableFingerprint> Tables)
{
    /// <summary>The combined value, e.g. <c>3f2a…</c> (16 hex digits).</summary>
    public string Value
    {
        get
        {
            var hash = 0x84222325CBF29CE4UL;
            foreach (var table in Tables.OrderBy(t => t.Table, StringComparer.Ordinal))
            {
                foreach (var c in table.ToString())
                {
                    hash = SeededRandom.Mix(hash ^ c);
                }
            }

            return hash.ToString("x16", CultureInfo.InvariantCulture);
        }
    }

    /// <summary>The per-table parts as one line, for DS_STORE_INFO.</summary>
    public string Detail => string.Join(' ', Tables.Select(t => t.ToString()));

    public static StoreFingerprint ParseDetail(string detail) =>
        new(detail.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(TableFingerprint.Parse).ToList());

    /// <summary>
    /// Streams every DS3 table and hashes it, big tables as key ranges on <see cref="StoreReads.Parallel"/> connections
    /// at once. A table's hash is the wrapping sum of its rows' hashes, so the sum of its ranges' sums is the same value
    /// in whatever order they finish: the fingerprint does not depend on how many connections read it.
    /// </summary>
    public static async Task<StoreFingerprint> ReadAsync(StoreReads reads, Action<TableFingerprint>? sliceRead, CancellationToken cancellationToken)
    {
        var pieces = new List<(TableSpec Table, KeySlice Slice)>();
        foreach (var table in StoreModel.Ds3Tables)
        {
            pieces.AddRange((await TableSlicing.PlanAsync(reads, table, cancellationToken).ConfigureAwait(false)).Select(s => (table, s)));
        }

        // Cut tables first, whole ones after: the small tables fill the gaps while the last ranges finish.
        pieces = [.. pieces.OrderBy(p => p.Slice.Column is null)];
        var parts = await reads.RunAsync(
            pieces.Select(p => (Func<DbConnection, CancellationToken, Task<TableFingerprint>>)((connection, token) => ReadSliceAsync(reads.Engine, connection, p.Table, p.Slice, token))).ToList(),
            sliceRead, cancellationToken).ConfigureAwait(false);
        return new StoreFingerprint(StoreModel.Ds3Tables.Select(t => Sum(t.Name, parts.Where(p => p.Table == t.Name))).ToList());
    }

    public static Task<StoreFingerprint> ReadAsync(StoreReads reads, CancellationToken cancellationToken) => ReadAsync(reads, null, cancellationToken);

    /// <summary>Hashes one key range of a table (the whole table for <see cref="KeySlice.Whole"/>).</summary>
    public static async Task<TableFingerprint> ReadSliceAsync(IEngine engine, DbConnection connection, TableSpec table, KeySlice slice, CancellationToken cancellationToken)
    {
        var where = slice.Column is null ? "" : " WHERE " + slice.Condition(engine);
        await using var command = connection.Command($"SELECT {string.Join(", ", table.Columns.Select(c => c.Name))} FROM {table.Name}{where}");
        command.CommandTimeout = 0;
        slice.Bind(engine, command);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        var hasher = new RowHashReader(table.Columns);
        long rows = 0;
        ulong sum = 0;
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            sum = unchecked(sum + hasher.Hash(reader));
            rows++;
        }

        return new TableFingerprint(table.Name, rows, sum);
    }

    private static TableFingerprint Sum(string table, IEnumerable<TableFingerprint> parts) =>
        parts.Aggregate(new TableFingerprint(table, 0, 0), (all, part) => all with { Rows = all.Rows + part.Rows, Hash = unchecked(all.Hash + part.Hash) });
}
