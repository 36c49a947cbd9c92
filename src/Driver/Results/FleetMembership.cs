namespace DvdStore.Driver.Results;

/// <summary>
/// A fleet driver's part of one run of N drivers (result.json "fleet"): which member it was, how it started against
/// the others, and the orders it committed, so analyze can sum the fleet and check the sum against the database.
/// </summary>
public sealed class FleetMembership
{
    public string FleetId { get; init; } = "";

    public int Member { get; init; }

    public int Size { get; init; }

    /// <summary>Names the databases this member drove; members with equal keys drove the same databases.</summary>
    public string TargetsKey { get; init; } = "";

    /// <summary>When this member registered at the barrier (its clock).</summary>
    public DateTimeOffset ArrivedUtc { get; init; }

    /// <summary>When this member's measurement started, right after the barrier (its clock).</summary>
    public DateTimeOffset StartedUtc { get; init; }

    /// <summary>How long this member waited at the barrier for the last one to arrive, milliseconds.</summary>
    public double BarrierWaitMs { get; init; }

    /// <summary>Milliseconds this member started after the fleet's first (client clocks); null when the roster was incomplete.</summary>
    public double? StartSkewMs { get; init; }

    /// <summary>Milliseconds between the fleet's first and last start.</summary>
    public double? StartSpreadMs { get; init; }

    /// <summary>Purchases this member committed (all phases), the figure the fleet's cross-check sums.</summary>
    public long MemberCommitted { get; init; }

    public long MemberInDoubt { get; init; }

    /// <summary>Members that drove this member's databases (itself included); their commits are what crossCheck compares.</summary>
    public IReadOnlyList<int> SameDatabaseMembers { get; init; } = [];

    /// <summary>False when some member never recorded its end: the cross-check then covers only this member's view.</summary>
    public bool RosterComplete { get; init; }
}
