using System.Data.Common;
using DvdStore.Schema.Connections;

namespace DvdStore.Driver.Running;

/// <summary>Counts ORDERS rows with a portable statement, before and after a run (the server-side cross-check).</summary>
public static class CrossChecker
{
    public const string CountOrdersSql = "SELECT COUNT(*) FROM ORDERS";

    public static async Task<long> CountOrdersAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        return await CountOrdersAsync(connection, cancellationToken).ConfigureAwait(false);
    }

    public static async Task<long> CountOrdersAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        await using var command = connection.CreateCommand();
        command.CommandText = CountOrdersSql;
        var value = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
        return Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture);
    }
}
