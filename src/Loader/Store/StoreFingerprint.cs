using System.Data.Common;
using System.Globalization;
using DvdStore.Loader.Generation;
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

    /// <summary>Streams every DS3 table and hashes it.</summary>
    public static async Task<StoreFingerprint> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var tables = new List<TableFingerprint>();
        foreach (var table in StoreModel.Ds3Tables)
        {
            tables.Add(await ReadTableAsync(connection, table, cancellationToken).ConfigureAwait(false));
        }

        return new StoreFingerprint(tables);
    }

    public static async Task<TableFingerprint> ReadTableAsync(DbConnection connection, TableSpec table, CancellationToken cancellationToken)
    {
        await using var command = connection.Command($"SELECT {string.Join(", ", table.Columns.Select(c => c.Name))} FROM {table.Name}");
        command.CommandTimeout = 0;
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        var row = new object?[table.Columns.Count];
        long rows = 0;
        ulong sum = 0;
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            for (var i = 0; i < row.Length; i++)
            {
                row[i] = reader.IsDBNull(i) ? null : reader.GetValue(i);
            }

            sum += RowHash.Of(table.Columns, row);
            rows++;
        }

        return new TableFingerprint(table.Name, rows, sum);
    }
}
