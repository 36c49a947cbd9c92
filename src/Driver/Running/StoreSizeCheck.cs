using System.Data.Common;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Sizing;

namespace DvdStore.Driver.Running;

/// <summary>
/// Refuses a run whose --size (DS3: --db_size) differs from the size the store was loaded with (DS_STORE_INFO key "size"):
/// users would pick customers and products that do not exist, or only a corner of the store.
/// </summary>
internal static class StoreSizeCheck
{
    /// <summary>The key the loader records the store's size under.</summary>
    public const string SizeKey = "size";

    public static async Task CheckAsync(StoreTarget target, DbConnection connection, StoreSize expected, CancellationToken cancellationToken)
    {
        string? loaded;
        try
        {
            await using var command = connection.CreateCommand();
            var parameter = target.Engine.Parameter("k");
            command.CommandText = $"SELECT INFO_VALUE FROM DS_STORE_INFO WHERE INFO_KEY = {parameter}";
            var p = command.CreateParameter();
            p.ParameterName = parameter;
            p.Value = SizeKey;
            command.Parameters.Add(p);
            loaded = await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) as string;
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            throw new UserError($"{target.Engine.DisplayName} at {target.RedactedConnection} holds no DVD Store ({e.Message.Split('\n')[0].TrimEnd('.')}); load one first with 'dvdstore load'.");
        }

        // A store built by other means (a DS3 load, a test's hand-made store) records no size: nothing to compare.
        if (loaded is not null && StoreSize.TryParse(loaded, out var size) && size != expected)
        {
            throw new UserError($"the store at {target.RedactedConnection} was loaded with --size {size}, but the run was given size {expected}; leave the size out (run reads it from the store) or load a {expected} store.");
        }
    }
}
