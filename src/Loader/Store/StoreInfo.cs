using System.Data.Common;
using System.Globalization;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Loader.Store;

/// <summary>
/// DS_STORE_INFO, our key/value bookkeeping: load state, size, seed, counts, as-loaded id maxima, fingerprint,
/// step timings and version. Written with plain parameterised statements (the same on every engine).
/// </summary>
public sealed class StoreInfo
{
    /// <summary>The load's state: <see cref="Loading"/> until every step is done, then <see cref="Complete"/>.</summary>
    public const string StateKey = "state";
    public const string Loading = "loading", Complete = "complete";

    public const string SizeKey = "size";
    public const string SeedKey = "seed";
    public const string FingerprintKey = "fingerprint";
    public const string FingerprintDetailKey = FingerprintKey + ".tables";
    public const string VersionKey = "version";

    /// <summary>The layout version of the generated data; changes whenever a generator's output would.</summary>
    public const string DataVersion = "dvdstore-data-1";

    private readonly Dictionary<string, string> _values;

    private StoreInfo(Dictionary<string, string> values) => _values = values;

    public IReadOnlyDictionary<string, string> Values => _values;

    public string? State => Get(StateKey);

    public string? Get(string key) => _values.TryGetValue(key, out var v) ? v : null;

    public long? GetLong(string key) =>
        long.TryParse(Get(key), NumberStyles.Integer, CultureInfo.InvariantCulture, out var v) ? v : null;

    public static string CountKey(string table) => "count." + table;

    public static string MaxKey(string table) => "max." + table;

    public static async Task<StoreInfo> ReadAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var values = new Dictionary<string, string>(StringComparer.Ordinal);
        await using var command = connection.Command("SELECT INFO_KEY, INFO_VALUE FROM DS_STORE_INFO");
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            values[reader.GetString(0)] = reader.IsDBNull(1) ? "" : reader.GetString(1);
        }

        return new StoreInfo(values);
    }

    /// <summary>Sets keys (delete + insert in one transaction: portable upsert).</summary>
    public static async Task WriteAsync(IEngine engine, DbConnection connection, IReadOnlyDictionary<string, string> values, CancellationToken cancellationToken)
    {
        await using var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        await WriteAsync(engine, connection, transaction, values, cancellationToken).ConfigureAwait(false);
        await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Sets keys inside the caller's <paramref name="transaction"/> (a lease-fenced write, <see cref="StoreLease.WriteFencedAsync"/>).</summary>
    public static async Task WriteAsync(IEngine engine, DbConnection connection, DbTransaction transaction, IReadOnlyDictionary<string, string> values, CancellationToken cancellationToken)
    {
        foreach (var (key, value) in values)
        {
            await using (var delete = connection.Command($"DELETE FROM DS_STORE_INFO WHERE INFO_KEY = {engine.Parameter("k")}", transaction))
            {
                delete.Add(engine.Parameter("k"), key);
                await delete.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            }

            await using var insert = connection.Command(
                $"INSERT INTO DS_STORE_INFO (INFO_KEY, INFO_VALUE) VALUES ({engine.Parameter("k")}, {engine.Parameter("v")})", transaction);
            insert.Add(engine.Parameter("k"), key);
            insert.Add(engine.Parameter("v"), value);
            await insert.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Removes every key that starts with <paramref name="prefix"/>.</summary>
    public static Task RemoveAsync(IEngine engine, DbConnection connection, string prefix, CancellationToken cancellationToken) =>
        RemoveAsync(engine, connection, null, prefix, cancellationToken);

    /// <summary>Removes every key that starts with <paramref name="prefix"/>, inside <paramref name="transaction"/> when one is given.</summary>
    public static async Task RemoveAsync(IEngine engine, DbConnection connection, DbTransaction? transaction, string prefix, CancellationToken cancellationToken)
    {
        await using var delete = connection.Command($"DELETE FROM DS_STORE_INFO WHERE INFO_KEY LIKE {engine.Parameter("p")}", transaction);
        delete.Add(engine.Parameter("p"), prefix + "%");
        await delete.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    public static Task WriteAsync(IEngine engine, DbConnection connection, string key, string value, CancellationToken cancellationToken) =>
        WriteAsync(engine, connection, new Dictionary<string, string> { [key] = value }, cancellationToken);
}
