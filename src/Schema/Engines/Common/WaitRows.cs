namespace DvdStore.Schema.Engines.Common;

/// <summary>Runs an engine's wait query and maps each row: the sampled sessions, or the cumulative totals by event.</summary>
public static class WaitRows
{
    /// <summary>Every row of <paramref name="sql"/> through <paramref name="map"/>, in order.</summary>
    public static async Task<IReadOnlyList<T>> ListAsync<T>(DbConnection connection, string sql, Func<DbDataReader, T> map, CancellationToken cancellationToken)
    {
        await using var command = connection.Command(sql);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        var rows = new List<T>();
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            rows.Add(map(reader));
        }

        return rows;
    }

    /// <summary>Rows of (event, total) as a dictionary by event name (a name met twice keeps its last total).</summary>
    public static async Task<IReadOnlyDictionary<string, WaitTotal>?> TotalsAsync(
        DbConnection connection, string sql, Func<DbDataReader, (string Event, WaitTotal Total)> map, CancellationToken cancellationToken)
    {
        var rows = await ListAsync(connection, sql, map, cancellationToken).ConfigureAwait(false);
        var totals = new Dictionary<string, WaitTotal>(StringComparer.Ordinal);
        foreach (var (name, total) in rows)
        {
            totals[name] = total;
        }

        return totals;
    }

    /// <summary>Column <paramref name="ordinal"/> as text, null when NULL.</summary>
    public static string? Text(this DbDataReader reader, int ordinal) => reader.IsDBNull(ordinal) ? null : reader.GetString(ordinal);

    /// <summary>Column <paramref name="ordinal"/> as a number, whatever numeric type the provider answers with.</summary>
    public static double Number(this DbDataReader reader, int ordinal) => Convert.ToDouble(reader.GetValue(ordinal), CultureInfo.InvariantCulture);
}
