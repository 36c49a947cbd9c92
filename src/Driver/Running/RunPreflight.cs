using DvdStore.Driver.Results;
using DvdStore.Loader.Store;
using DvdStore.Schema;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;

namespace DvdStore.Driver.Running;

/// <summary>
/// Before the users connect, once per target: the store's state (<see cref="StoreGate"/>: loaded, procedures answering,
/// not in use; no database given twice under two names), reset first when asked and as loaded (<see cref="StoreStateCheck"/>,
/// once per distinct database), the server's facts for the result, the store's size against db_size,
/// the cross-check's baseline and the server's connection headroom (once per distinct database).
/// </summary>
public static class RunPreflight
{
    /// <param name="targets">The targets with pools sized for the run.</param>
    /// <param name="crossCheck">Receives the baseline ORDERS count when the run cross-checks.</param>
    public static async Task<List<ServerContext>> CheckAsync(RunSettings settings, IReadOnlyList<StoreTarget> targets, OrdersCrossCheck crossCheck, TextWriter output, CancellationToken cancellationToken)
    {
        await StoreGate.RequireDistinctDatabasesAsync(settings.Targets, cancellationToken).ConfigureAwait(false);
        var servers = new List<ServerContext>();
        var headroomChecked = new HashSet<string>(StringComparer.Ordinal);
        var stateAtStart = new Dictionary<string, StoreAtStart?>(StringComparer.Ordinal);
        for (var i = 0; i < targets.Count; i++)
        {
            // Opened through the sized pool; messages and the result name the connection as given.
            var (target, given) = (targets[i], settings.Targets[i]);
            await using var connection = await target.OpenExistingAsync(cancellationToken).ConfigureAwait(false);
            await StoreGate.RequireReadyForRunAsync(given, connection, cancellationToken).ConfigureAwait(false);
            await StoreSizeCheck.CheckAsync(given, connection, settings.DbSize, cancellationToken).ConfigureAwait(false);
            if (!stateAtStart.TryGetValue(target.ConnectionString, out var state))
            {
                state = stateAtStart[target.ConnectionString] = await StoreStateCheck.CheckAsync(settings, given, target, connection, output, cancellationToken).ConfigureAwait(false);
            }

            servers.Add(await DescribeAsync(given, connection, state, cancellationToken).ConfigureAwait(false));
            if (settings.CrossCheck)
            {
                await crossCheck.RecordBaselineAsync(given, target, connection, cancellationToken).ConfigureAwait(false);
            }

            if (headroomChecked.Add(target.ConnectionString))
            {
                await ConnectionBudget.CheckServerAsync(settings, given, connection, cancellationToken).ConfigureAwait(false);
            }
        }

        return servers;
    }

    private static async Task<ServerContext> DescribeAsync(StoreTarget target, System.Data.Common.DbConnection connection, StoreAtStart? state, CancellationToken cancellationToken)
    {
        ServerFacts? facts = null;
        try
        {
            facts = await target.Engine.DescribeServerAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            // Facts are context, not a reason to refuse the run; the result shows them empty.
        }

        return new ServerContext
        {
            Engine = target.Engine.Profile.Name,
            Connection = target.RedactedConnection,
            Product = facts?.Product ?? target.Engine.DisplayName,
            Version = facts?.Version ?? "",
            Settings = facts?.Settings is { } s ? new Dictionary<string, string>(s) : new Dictionary<string, string>(),
            StoreAtStart = state,
        };
    }
}
