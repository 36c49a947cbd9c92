using System.Globalization;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Contract;

/// <summary>Portable reads the checks compare against <see cref="ContractData"/>: counts, whole tables, rows as canonical text.</summary>
public static class ContractQueries
{
    /// <summary>A scalar count from portable SQL; parameters are named as in <c>IEngine.Parameter</c>.</summary>
    public static async Task<long> CountAsync(DbConnection connection, string sql, params (string Name, object? Value)[] parameters)
    {
        await using var command = connection.Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Add(name, value);
        }

        return await command.ScalarAsync<long>(CancellationToken.None).ConfigureAwait(false);
    }

    /// <summary>Rows of portable SQL, each value read as the CLR type of the given column type (null for NULL).</summary>
    public static async Task<List<object?[]>> QueryAsync(DbConnection connection, string sql, IReadOnlyList<ColumnType> types, params (string Name, object? Value)[] parameters)
    {
        await using var command = connection.Command(sql);
        foreach (var (name, value) in parameters)
        {
            command.Add(name, value);
        }

        var rows = new List<object?[]>();
        await using var reader = await command.ExecuteReaderAsync().ConfigureAwait(false);
        while (await reader.ReadAsync().ConfigureAwait(false))
        {
            var row = new object?[types.Count];
            for (var i = 0; i < types.Count; i++)
            {
                row[i] = reader.IsDBNull(i) ? null : types[i] switch
                {
                    ColumnType.SmallInt => reader.GetInt16(i),
                    ColumnType.Integer => reader.GetInt32(i),
                    ColumnType.BigInt => reader.GetInt64(i),
                    ColumnType.Money => reader.GetDecimal(i),
                    ColumnType.Date => reader.GetDateTime(i).Date,
                    _ => reader.GetString(i),
                };
            }

            rows.Add(row);
        }

        return rows;
    }

    public static Task<List<object?[]>> ReadTableAsync(DbConnection connection, TableSpec table) =>
        QueryAsync(connection, $"SELECT {string.Join(", ", table.Columns.Select(c => c.Name))} FROM {table.Name}", table.Columns.Select(c => c.Type).ToArray());

    /// <summary>A row as one comparable string: invariant numbers, money to the cent, dates as yyyy-MM-dd, NULL as ∅.</summary>
    public static string Canonical(TableSpec table, object?[] row) =>
        string.Join("|", row.Select((value, i) => value switch
        {
            null => "∅",
            DateTime day => day.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
            decimal money => money.ToString("0.00", CultureInfo.InvariantCulture),
            IFormattable number => number.ToString(null, CultureInfo.InvariantCulture),
            _ => $"{table.Columns[i].Name}={value}",
        }));

    /// <summary>True when <paramref name="day"/> is the server's "today" (a day either way for time zones).</summary>
    public static bool IsToday(object? day) =>
        day is DateTime d && Math.Abs((d.Date - DateTime.UtcNow.Date).TotalDays) <= 1;

    public static NewCustomerRequest NewCustomer(string username) => new(
        "Zoë", "D'Arcy", "1 Rue de l'Église", null, "Montréal", null, null, "Canada", 2, null, null, 2,
        "1111222233334444", "2016/09", username, ContractData.Password, null, null, null);
}
