namespace DvdStore.Schema.Engines.Common;

/// <summary>
/// Turns the result of an engine's counter query into an <see cref="EngineCounterSnapshot"/>. Engines answer in one of
/// two shapes: one row whose columns are the counters (PostgreSQL, SQL Server), or name/value rows (MySQL, Oracle).
/// </summary>
public static class CounterRows
{
    /// <summary>Runs an engine's counter query and maps its answer with that engine's <paramref name="map"/>.</summary>
    public static async Task<EngineCounterSnapshot> QueryAsync(
        DbConnection connection, string query, Func<DbDataReader, CancellationToken, Task<EngineCounterSnapshot>> map,
        CancellationToken cancellationToken)
    {
        await using var command = connection.Command(query);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        return await map(reader, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>One row, one column per counter; NULL columns (a view the server lacks) are left out.</summary>
    public static async Task<EngineCounterSnapshot> FromColumnsAsync(
        DbDataReader reader, string commits, string? rollbacks, IReadOnlySet<string> gauges, CancellationToken cancellationToken)
    {
        var counters = new Dictionary<string, double>(StringComparer.Ordinal);
        var gaugeValues = new Dictionary<string, double>(StringComparer.Ordinal);
        if (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            for (var i = 0; i < reader.FieldCount; i++)
            {
                if (!await reader.IsDBNullAsync(i, cancellationToken).ConfigureAwait(false))
                {
                    var name = reader.GetName(i);
                    (gauges.Contains(name) ? gaugeValues : counters)[name] = ToDouble(reader.GetValue(i));
                }
            }
        }

        return Snapshot(counters, gaugeValues, commits, rollbacks);
    }

    /// <summary>Rows of (name, value[, is-cumulative]); without the third column, names in <paramref name="gauges"/> are gauges.</summary>
    public static async Task<EngineCounterSnapshot> FromNameValueRowsAsync(
        DbDataReader reader, string commits, string? rollbacks, IReadOnlySet<string> gauges, CancellationToken cancellationToken)
    {
        var counters = new Dictionary<string, double>(StringComparer.Ordinal);
        var gaugeValues = new Dictionary<string, double>(StringComparer.Ordinal);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            if (await reader.IsDBNullAsync(1, cancellationToken).ConfigureAwait(false))
            {
                continue;
            }

            var name = reader.GetString(0).Trim();
            var value = ToDouble(reader.GetValue(1));
            var isGauge = reader.FieldCount > 2 ? ToDouble(reader.GetValue(2)) == 0 : gauges.Contains(name);
            (isGauge ? gaugeValues : counters)[name] = value;
        }

        return Snapshot(counters, gaugeValues, commits, rollbacks);
    }

    private static EngineCounterSnapshot Snapshot(
        Dictionary<string, double> counters, Dictionary<string, double> gauges, string commits, string? rollbacks)
    {
        long? Take(string? name)
        {
            if (name is null || !counters.Remove(name, out var value))
            {
                return null;
            }

            return (long)value;
        }

        return new EngineCounterSnapshot(Take(commits), Take(rollbacks), counters, gauges);
    }

    // Providers answer with long, decimal, double or (MySQL SHOW STATUS) text.
    private static double ToDouble(object value) => value switch
    {
        string text => double.Parse(text.Trim(), NumberStyles.Float, CultureInfo.InvariantCulture),
        _ => Convert.ToDouble(value, CultureInfo.InvariantCulture),
    };
}
