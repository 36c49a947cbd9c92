using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>
/// 'dvdstore drop': every store object goes, under the store's lease (a load, a resume, a run or a reset holding it
/// refuses the drop by name). DS_STORE_LEASE stays, empty once the drop releases its lease: dropping it could take a
/// lease another process took the moment before (a DROP is not transactional on every engine).
/// </summary>
public static class StoreDrop
{
    /// <summary>Drops the store on <paramref name="target"/>; true when there was one.</summary>
    public static async Task<bool> DropAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
        var existed = await target.Engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false);
        await using var lease = await StoreLease.AcquireAsync(target, StoreLeases.Holder("dvdstore drop"), null, cancellationToken).ConfigureAwait(false);
        await target.Engine.DropAsync(connection, cancellationToken).ConfigureAwait(false);
        return existed;
    }
}
