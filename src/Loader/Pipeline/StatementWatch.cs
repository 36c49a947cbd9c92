using System.Data.Common;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;

namespace DvdStore.Loader.Pipeline;

/// <summary>
/// Asks the server what the store's long statements are doing (an index build's phase and blocks, statistics), for a
/// step's heartbeat: each look opens a connection of its own (one more connection, for a moment, every beat), gives
/// up after <see cref="Budget"/>, and reads any failure (no permission, a busy server, a refused connection) as
/// nothing, so the beat keeps its plain line and the load never fails or waits on it.
/// </summary>
public static class StatementWatch
{
    public static readonly TimeSpan Budget = TimeSpan.FromSeconds(3);

    /// <summary>The look for <paramref name="target"/>'s engine; null where it can tell nothing.</summary>
    public static Func<CancellationToken, Task<IReadOnlyList<StatementProgress>>>? For(StoreTarget target) =>
        target.Engine.Profile.ReadStatementProgress is { } read ? stop => LookAsync(target, read, stop) : null;

    /// <summary>The statements in flight now; empty on any failure or after <see cref="Budget"/>. Never throws.</summary>
    public static async Task<IReadOnlyList<StatementProgress>> LookAsync(
        StoreTarget target, Func<DbConnection, CancellationToken, Task<IReadOnlyList<StatementProgress>>> read, CancellationToken stop)
    {
        using var within = CancellationTokenSource.CreateLinkedTokenSource(stop);
        within.CancelAfter(Budget);
        try
        {
            await using var connection = await target.OpenAsync(within.Token).ConfigureAwait(false);
            return await read(connection, within.Token).ConfigureAwait(false);
        }
        catch (Exception)
        {
            // Progress is a courtesy: whatever went wrong, the beat says what it said before.
            return [];
        }
    }
}
