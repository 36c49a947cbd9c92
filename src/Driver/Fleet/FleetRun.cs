using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Driver.Running;

namespace DvdStore.Driver.Fleet;

/// <summary>
/// A fleet driver's steps around its measurement: the common start at the barrier, and at the end the wait for the
/// other drivers before the ORDERS count, so the cross-check compares what the databases gained with the commits of
/// every driver that drove them.
/// </summary>
public static class FleetRun
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>Registers at the barrier and waits for the whole fleet; null for a single driver.</summary>
    public static async Task<FleetBarrier?> StartAsync(RunSettings settings, TextWriter output, CancellationToken cancellationToken)
    {
        if (settings.Fleet is not { } member)
        {
            return null;
        }

        var barrierTarget = settings.FleetBarrierTarget ?? settings.Targets[0];
        var barrier = await FleetBarrier.JoinAsync(barrierTarget, member, FleetBarrier.TargetsKey(settings.Targets), settings.FleetTimeout, output, cancellationToken).ConfigureAwait(false);
        await output.WriteLineAsync(string.Create(Inv, $"fleet {member.FleetId}: all {member.Size} drivers arrived, driver {member.Index} starts (waited {barrier.Waited.TotalMilliseconds:F0} ms at the barrier)")).ConfigureAwait(false);
        return barrier;
    }

    /// <summary>
    /// Records this driver's commits, waits for the others, and compares the databases' gain with the commits of the
    /// drivers that drove them (null check when cross_check=N or a driver never finished).
    /// </summary>
    public static async Task<(CrossCheck? Check, FleetMembership Membership)> FinishAsync(
        FleetBarrier barrier, RunSettings settings, DateTimeOffset measuredFromUtc, OrdersCrossCheck crossCheck, bool compare, long committed, long inDoubt, TextWriter output)
    {
        using var timeout = new CancellationTokenSource(settings.FleetTimeout + TimeSpan.FromMinutes(1));
        var member = barrier.Member;
        var roster = await barrier.FinishAsync(measuredFromUtc, committed, inDoubt, settings.FleetTimeout, timeout.Token).ConfigureAwait(false);
        var same = roster.SameDatabases;
        await output.WriteLineAsync(roster.Complete
            ? string.Create(Inv, $"fleet {member.FleetId}: {member.Size} drivers started within {roster.StartSpreadMs:F1} ms (start skew: driver {member.Index} +{roster.OwnSkewMs:F1} ms after the first)")
            : $"fleet {member.FleetId}: driver(s) {string.Join(", ", roster.Unfinished)} did not finish within {settings.FleetTimeout.TotalSeconds:0} s; no fleet cross-check").ConfigureAwait(false);

        CrossCheck? check = null;
        if (compare && roster.Complete)
        {
            check = await crossCheck.CompareAsync(same.Sum(static e => e.CommittedOrders ?? 0), same.Sum(static e => e.InDoubtOrders ?? 0)).ConfigureAwait(false);
        }

        var membership = new FleetMembership
        {
            FleetId = member.FleetId,
            Member = member.Index,
            Size = member.Size,
            TargetsKey = roster.TargetsKey,
            ArrivedUtc = barrier.ArrivedUtc,
            StartedUtc = measuredFromUtc,
            BarrierWaitMs = barrier.Waited.TotalMilliseconds,
            StartSkewMs = roster.Complete ? roster.OwnSkewMs : null,
            StartSpreadMs = roster.Complete ? roster.StartSpreadMs : null,
            MemberCommitted = committed,
            MemberInDoubt = inDoubt,
            SameDatabaseMembers = same.Select(static e => e.Index).ToList(),
            RosterComplete = roster.Complete,
        };
        return (check, membership);
    }
}
