using System.Data.Common;
using DvdStore.Loader.Store;
using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// The server settings that hold a load below its plan (<see cref="DvdStore.Schema.Engines.IEngine.LoadSettingWarningsAsync"/>),
/// read before the load starts so a user can fix them first; none for an engine in this process, and none when the
/// settings cannot be read (a warning never stops a load).
/// </summary>
public static class LoadSettingWarnings
{
    public static async Task<IReadOnlyList<string>> ReadAsync(StoreTarget target, CancellationToken cancellationToken)
    {
        if (target.Engine.Profile.InProcess)
        {
            return [];
        }

        try
        {
            await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
            var cpus = await ServerCpus.ReadAsync(target, connection, cancellationToken).ConfigureAwait(false);
            return await target.Engine.LoadSettingWarningsAsync(connection, cpus.Count, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException)
        {
            return [];
        }
    }
}
