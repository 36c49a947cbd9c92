namespace DvdStore.Schema.Engines.Common;

/// <summary>
/// Reads the DS3 procedures' result rows by position into the typed rows of <see cref="IStoreCommands"/>. Values are
/// converted, not cast, so the same code reads SMALLINT, INT, NUMBER (decimal) or BIGINT columns of any provider.
/// </summary>
public static class StoreRowReader
{
    /// <summary>PROD_ID, CATEGORY, TITLE, ACTOR, PRICE, SPECIAL, COMMON_PROD_ID, MEMBERSHIP_ITEM.</summary>
    public static ProductRow Product(DbDataReader r) => new(
        Int(r, 0), Int(r, 1), Text(r, 2), Text(r, 3), Money(r, 4), Int(r, 5), Int(r, 6), Int(r, 7));

    /// <summary>REVIEW_ID, PROD_ID, REVIEW_DATE, STARS, CUSTOMERID, REVIEW_SUMMARY, REVIEW_TEXT, total helpfulness.</summary>
    public static ReviewRow Review(DbDataReader r) => new(
        Long(r, 0), Int(r, 1), Date(r, 2), Int(r, 3), Long(r, 4), Text(r, 5), Text(r, 6), Long(r, 7));

    /// <summary>PROD_ID, TITLE, ACTOR, REVIEW_ID, REVIEW_DATE, STARS, CUSTOMERID, REVIEW_SUMMARY, REVIEW_TEXT, total helpfulness.</summary>
    public static ProductReviewRow ProductReview(DbDataReader r) => new(
        Int(r, 0), Text(r, 1), Text(r, 2), Long(r, 3), Date(r, 4), Int(r, 5), Long(r, 6), Text(r, 7), Text(r, 8), Long(r, 9));

    /// <summary>TITLE, ACTOR, related product's TITLE.</summary>
    public static PurchaseHistoryRow History(DbDataReader r) => new(Text(r, 0), Text(r, 1), Text(r, 2));

    /// <summary>Runs the command and maps every row it returns.</summary>
    public static async Task<IReadOnlyList<T>> ReadAllAsync<T>(DbCommand command, Func<DbDataReader, T> map, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(command);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        return await ReadAllAsync(reader, map, cancellationToken).ConfigureAwait(false);
    }

    public static async Task<IReadOnlyList<T>> ReadAllAsync<T>(DbDataReader reader, Func<DbDataReader, T> map, CancellationToken cancellationToken)
    {
        var rows = new List<T>();
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            rows.Add(map(reader));
        }

        return rows;
    }

    /// <summary>Adds the (PROD_ID, PRICE) rows the command returns to <paramref name="prices"/>.</summary>
    public static async Task AddPricesAsync(DbCommand command, Dictionary<int, decimal> prices, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(command);
        ArgumentNullException.ThrowIfNull(prices);
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            prices[Int(reader, 0)] = Money(reader, 1);
        }
    }

    /// <summary>A scalar that may come back as any integral or decimal type (or a provider type that prints as a number).</summary>
    public static long ToInt64(object? value) => value switch
    {
        null or DBNull => 0,
        IConvertible convertible => convertible.ToInt64(CultureInfo.InvariantCulture),
        _ => long.Parse(value.ToString() ?? "0", NumberStyles.Integer, CultureInfo.InvariantCulture),
    };

    private static int Int(DbDataReader r, int i) => r.IsDBNull(i) ? 0 : Convert.ToInt32(r.GetValue(i), CultureInfo.InvariantCulture);

    private static long Long(DbDataReader r, int i) => r.IsDBNull(i) ? 0 : Convert.ToInt64(r.GetValue(i), CultureInfo.InvariantCulture);

    private static decimal Money(DbDataReader r, int i) => r.IsDBNull(i) ? 0m : Convert.ToDecimal(r.GetValue(i), CultureInfo.InvariantCulture);

    private static string Text(DbDataReader r, int i) => r.IsDBNull(i) ? "" : Convert.ToString(r.GetValue(i), CultureInfo.InvariantCulture) ?? "";

    private static DateTime Date(DbDataReader r, int i) => r.IsDBNull(i) ? default : Convert.ToDateTime(r.GetValue(i), CultureInfo.InvariantCulture);
}
