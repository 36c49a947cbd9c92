using System.Data.Common;
using DvdStore.Schema;
using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>
/// The one place that says whether a store may be used now, and refuses in one line when not: before a run (no other
/// process holding it, a load included, store present, its load finished, its procedures answering), before a reset, a
/// drop or a reload (no other process holding it), and before a run on several targets (no database given twice under two
/// names). A store built by other means records no load state in DS_STORE_INFO; it passes on its procedures answering.
/// </summary>
public static class StoreGate
{
    /// <summary>Refuses a run on a store that is being loaded, missing, half loaded, without working procedures, or in use.</summary>
    public static async Task RequireReadyForRunAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        // First: a store being loaded has no tables yet, or a state of 'loading', and the answer is to wait, not to rebuild.
        await RequireNotInUseAsync(target, connection, cancellationToken).ConfigureAwait(false);
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
            throw new UserError($"the load of the store on {target.RedactedConnection} did not finish (state '{state}'{step}) and no load holds it now; {StoppedLoad.Advice(info)}.");
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
    }

    /// <summary>Refuses when another process holds the store's lease (a load, a run, a reset, a drop).</summary>
    public static async Task RequireNotInUseAsync(StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        if (await StoreLease.ReadAsync(target, connection, cancellationToken).ConfigureAwait(false) is { Expired: false } held)
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
