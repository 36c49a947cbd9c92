using System.Data.Common;
using System.Globalization;
using DvdStore.Schema;
using DvdStore.Schema.Connections;

namespace DvdStore.Driver.Running;

/// <summary>
/// The connections a run holds at once: one per virtual user for the whole run, plus the driver's own (the server
/// metrics connections, the cross-check count at the end and the store lease). Sizes each provider pool for them and,
/// before any user connects, checks that the server will accept them.
/// </summary>
public static class ConnectionBudget
{
    /// <summary>
    /// Connections the driver holds besides its users' on one database: the engine counters, the wait sampler (each on a
    /// connection of its own), the cross-check count (held all run to count the measured window's edges, then the whole
    /// run's), and the store lease (renewed all run, then read for other clients' notes and released at the end).
    /// </summary>
    public const int DriverConnections = 4;

    /// <summary>Connections the run holds at once through <paramref name="target"/>'s connection string (its pool).</summary>
    public static int Needed(RunSettings settings, StoreTarget target) => UsersOn(settings, target) + DriverConnections;

    /// <summary>The targets with each provider pool sized for <see cref="Needed"/> connections (same order as settings.Targets).</summary>
    public static IReadOnlyList<StoreTarget> SizePools(RunSettings settings) =>
        settings.Targets.Select(t => t with { ConnectionString = t.Engine.WithPoolFor(t.ConnectionString, Needed(settings, t)) }).ToList();

    /// <summary>
    /// Stops the run before it starts when the server (asked on <paramref name="connection"/>) accepts fewer
    /// connections than the run needs; engines that do not say are not checked.
    /// </summary>
    public static async Task CheckServerAsync(RunSettings settings, StoreTarget target, DbConnection connection, CancellationToken cancellationToken)
    {
        var headroom = await target.Engine.ConnectionHeadroomAsync(connection, cancellationToken).ConfigureAwait(false);
        var needed = Needed(settings, target);
        if (headroom is not null && headroom.Available < needed)
        {
            throw new UserError(string.Create(CultureInfo.InvariantCulture,
                $"{target.Engine.DisplayName} at {target.RedactedConnection} accepts {Math.Max(0, headroom.Available)} connections for this run ({headroom.Limit}), but the run needs {needed} ({UsersOn(settings, target)} users + {DriverConnections} for the driver); raise {headroom.Setting} or run fewer users."));
        }
    }

    // Users i drive target i mod n, so every target gets UsersPerTarget; targets naming the same database share a pool.
    private static int UsersOn(RunSettings settings, StoreTarget target) =>
        settings.UsersPerTarget * settings.Targets.Count(t => t.ConnectionString == target.ConnectionString);
}
