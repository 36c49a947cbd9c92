namespace DvdStore.Tests.Infrastructure;

/// <summary>Writes a store's lease row as another process would (a killed holder's, a taker's), straight into DS_STORE_LEASE.</summary>
public static class LeaseRows
{
    /// <summary>Replaces the lease row with "expiry holder".</summary>
    public static async Task WriteAsync(StoreTarget target, DbConnection connection, DateTime expiresUtc, string holder)
    {
        var value = string.Create(CultureInfo.InvariantCulture, $"{expiresUtc:yyyy-MM-ddTHH:mm:ss.fffZ} {holder}");
        var engine = target.Engine;
        await using (var delete = connection.Command($"DELETE FROM {StoreLease.Table} WHERE LEASE_KEY = {engine.Parameter("k")}"))
        {
            delete.Add(engine.Parameter("k"), StoreLease.Key);
            await delete.ExecuteNonQueryAsync(None);
        }

        await using var insert = connection.Command($"INSERT INTO {StoreLease.Table} (LEASE_KEY, LEASE_VALUE) VALUES ({engine.Parameter("k")}, {engine.Parameter("v")})");
        insert.Add(engine.Parameter("k"), StoreLease.Key);
        insert.Add(engine.Parameter("v"), value);
        await insert.ExecuteNonQueryAsync(None);
    }
}
