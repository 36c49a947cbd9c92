using System.Data.Common;
using DvdStore.Schema.Engines;
using DvdStore.Schema.Engines.Common;

namespace DvdStore.Loader.Store;

/// <summary>Portable scalar queries (plain SELECT text, values bound with the engine's parameter marker).</summary>
internal static class StoreQueries
{
    public static async Task<long> CountAsync(IEngine engine, DbConnection connection, string sql, CancellationToken cancellationToken, params (string Name, object Value)[] parameters)
    {
        await using var command = connection.Command(sql);
        command.CommandTimeout = 0;
        foreach (var (name, value) in parameters)
        {
            command.Add(engine.Parameter(name), value);
        }

        return await command.ScalarAsync<long>(cancellationToken).ConfigureAwait(false);
    }

    public static async Task<int> ExecuteAsync(IEngine engine, DbConnection connection, string sql, CancellationToken cancellationToken, DbTransaction? transaction = null, params (string Name, object Value)[] parameters)
    {
        await using var command = connection.Command(sql, transaction);
        command.CommandTimeout = 0;
        foreach (var (name, value) in parameters)
        {
            command.Add(engine.Parameter(name), value);
        }

        return await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
