using System.Data.Common;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Loader.Store;

/// <summary>
/// Runs one statement per batch of keys bound as an IN list (<c>{keys}</c> in the text), so each batch is a few index
/// probes whatever the table's size. 500 keys a batch stays under every engine's parameter and IN-list limits
/// (Oracle allows 1,000 expressions in a list, SQL Server 2,100 parameters).
/// </summary>
internal static class KeyBatches
{
    public const int Size = 500;

    /// <summary>Executes <paramref name="sql"/> once per batch; returns the rows affected in all.</summary>
    public static async Task<long> ExecuteAsync(IEngine engine, DbConnection connection, DbTransaction? transaction, string sql,
        IReadOnlyList<long> keys, (string Name, object Value)[] parameters, CancellationToken cancellationToken)
    {
        long rows = 0;
        foreach (var batch in keys.Chunk(Size))
        {
            await using var command = Build(engine, connection, transaction, sql, batch, parameters);
            rows += await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }

        return rows;
    }

    /// <summary>Sums a COUNT(*) query (with <c>{keys}</c>) over every batch.</summary>
    public static async Task<long> CountAsync(IEngine engine, DbConnection connection, string sql,
        IReadOnlyList<long> keys, (string Name, object Value)[] parameters, CancellationToken cancellationToken)
    {
        long rows = 0;
        foreach (var batch in keys.Chunk(Size))
        {
            await using var command = Build(engine, connection, null, sql, batch, parameters);
            rows += await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false);
        }

        return rows;
    }

    /// <summary>Reads the rows of a query (with <c>{keys}</c>) over every batch.</summary>
    public static async Task<List<object?[]>> ReadAsync(IEngine engine, DbConnection connection, string sql,
        IReadOnlyList<long> keys, CancellationToken cancellationToken)
    {
        var rows = new List<object?[]>();
        foreach (var batch in keys.Chunk(Size))
        {
            await using var command = Build(engine, connection, null, sql, batch, []);
            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                var row = new object?[reader.FieldCount];
                for (var i = 0; i < row.Length; i++)
                {
                    row[i] = reader.IsDBNull(i) ? null : reader.GetValue(i);
                }

                rows.Add(row);
            }
        }

        return rows;
    }

    private static DbCommand Build(IEngine engine, DbConnection connection, DbTransaction? transaction, string sql,
        long[] batch, (string Name, object Value)[] parameters)
    {
        var names = batch.Select((_, i) => "k" + i.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();
        var command = connection.Command(sql.Replace("{keys}", string.Join(", ", names.Select(engine.Parameter)), StringComparison.Ordinal), transaction);
        command.CommandTimeout = 0;
        for (var i = 0; i < batch.Length; i++)
        {
            command.Add(engine.Parameter(names[i]), batch[i]);
        }

        foreach (var (name, value) in parameters)
        {
            command.Add(engine.Parameter(name), value);
        }

        return command;
    }
}
