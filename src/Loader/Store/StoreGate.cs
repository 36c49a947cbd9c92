using System.Data.Common;
using DvdStore.Schema;
using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>
/// The one place that says whether a store may be used now, and refuses in one line when not: before a run (store
/// present, its load finished, its procedures answering, no other process holding it), before a reset, a drop or a
/// reload (no other process holding it), and before a run on several targets (no database given twice under two
/// names). A store built by other means records no load state in DS_STORE_INFO; it passes on its procedures answering.
/// </summary>
public static class StoreGate
{
    /// <summary>Refuses a run on a store that is missing, half loaded, without working procedures, or in use.</summary>
    public static async Task RequireReadyForRunAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        var engine = target.Engine;
        if (!await engine.StoreExistsAsync(connection, cancellationToken).ConfigureAwait(false))
        {
            throw new UserError($"there is no store on {target.RedactedConnection}; build one with 'dvdstore load'.");
        }

        StoreInfo info;
        try
        {
            info = await StoreInfo.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException e)
        {
            throw new UserError($"the store on {target.RedactedConnection} has no readable DS_STORE_INFO ({FirstLine(e)}): its load stopped early; rebuild it with 'dvdstore load --drop-existing'.");
        }

        if (info.State is { } state && state != StoreInfo.Complete)
        {
            var step = info.Get("load.step") is { } s ? $", last step '{s}'" : "";
            throw new UserError($"the load of the store on {target.RedactedConnection} did not finish (state '{state}'{step}); rebuild it with 'dvdstore load --drop-existing'.");
        }

        try
        {
            await using var commands = engine.CreateStoreCommands(connection);
            _ = await commands.LoginAsync("dvdstore-store-check", "-", cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is DbException || engine.Classify(e) != Schema.Engines.FailureKind.Other)
        {
            throw new UserError($"the store on {target.RedactedConnection} has no working procedures ({FirstLine(e)}); rebuild it with 'dvdstore load --drop-existing'.");
        }

        await RequireNotInUseAsync(target, connection, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Refuses when another process holds the store's lease (a run, a reset).</summary>
    public static async Task RequireNotInUseAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        StoreLease.Held? held;
        try
        {
            held = await StoreLease.ReadAsync(target, connection, cancellationToken).ConfigureAwait(false);
        }
        catch (DbException)
        {
            return; // No DS_STORE_INFO: no lease can be held (callers check the store itself).
        }

        if (held is { Expired: false })
        {
            throw StoreLease.InUse(target, held);
        }
    }

    /// <summary>Refuses two targets, given under different connection strings, that reach one database.</summary>
    public static async Task RequireDistinctDatabasesAsync(IReadOnlyList<StoreTarget> targets, CancellationToken cancellationToken)
    {
        if (targets.Count < 2)
        {
            // One target cannot be given twice; opening it here would also park an extra pooled connection, which an
            // account capped to exactly what the run needs cannot spare.
            return;
        }

        var seen = new Dictionary<string, (int Index, StoreTarget Target)>(StringComparer.Ordinal);
        for (var i = 0; i < targets.Count; i++)
        {
            var target = targets[i];
            await using var connection = await target.OpenAsync(cancellationToken).ConfigureAwait(false);
            var identity = await Schema.Engines.DatabaseIdentity.ReadAsync(target.Engine, connection, cancellationToken).ConfigureAwait(false);
            if (seen.TryGetValue(identity, out var first) && first.Target.ConnectionString != target.ConnectionString)
            {
                throw new UserError($"targets {first.Index + 1} ({first.Target.RedactedConnection}) and {i + 1} ({target.RedactedConnection}) are one database; give each database once (repeat the same target text to put more users on it).");
            }

            seen.TryAdd(identity, (i, target));
        }
    }

    private static string FirstLine(Exception e) => e.Message.Split('\n')[0].TrimEnd('.');
}
