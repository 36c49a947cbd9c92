using DvdStore.Loader.Store;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Sizing;

namespace DvdStore.Cli.Options;

/// <summary>
/// The size a store records in its bookkeeping (the loader writes it; an adopted DS3 store has it from its row counts),
/// so that run and sweep need no --size: the user never has to repeat what the store already knows.
/// </summary>
internal static class RecordedSize
{
    /// <summary>The recorded size, or null when there is no store or it records none (the run's own checks then speak).</summary>
    public static async Task<StoreSize?> ReadAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        try
        {
            await using var connection = await target.OpenExistingAsync(cancellationToken).ConfigureAwait(false);
            var info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
            return StoreSize.TryParse(info.Get(StoreInfo.SizeKey) ?? "", out var size) ? size : null;
        }
        catch (Exception e) when (e is System.Data.Common.DbException or DvdStore.Schema.UserError)
        {
            return null;
        }
    }
}
