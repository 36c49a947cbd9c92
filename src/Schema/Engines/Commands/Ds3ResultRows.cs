namespace DvdStore.Schema.Engines.Commands;

/// <summary>How DS3's drivers read a routine's rows, whatever the engine: every row through DS3's getters, at most the 100 its result buffers hold.</summary>
public static class Ds3ResultRows
{
    /// <summary>The rows DS3's drivers keep per call; more would overrun their result buffers.</summary>
    public const int MaxRows = 100;

    /// <summary>Every row read with DS3's getters (<paramref name="readRest"/>), returning the id at <paramref name="idColumn"/>.</summary>
    public static async Task<IReadOnlyList<int>> ReadIdsAsync(DbCommand command, int idColumn, Action<DbDataReader> readRest, CancellationToken cancellationToken)
    {
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        var ids = new List<int>();
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            readRest(reader);
            ids.Add(reader.GetInt32(idColumn));
            if (ids.Count > MaxRows)
            {
                throw new InvalidOperationException($"more than {MaxRows} rows: DS3's driver overruns its result buffer");
            }
        }

        return ids;
    }
}
