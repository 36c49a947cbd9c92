namespace DvdStore.Driver.Fleet;

/// <summary>One row of DS_FLEET_MEMBERS: when a driver arrived, started and finished, and the orders it committed.</summary>
public sealed record FleetRosterEntry(int Index, string Host, string TargetsKey, long ArrivedMicros, long? StartedMicros, long? FinishedMicros, long? CommittedOrders, long? InDoubtOrders);

/// <summary>Every member of a fleet as the barrier table holds them once all have finished (or the wait gave up).</summary>
public sealed record FleetRoster(FleetMember Self, string TargetsKey, IReadOnlyList<FleetRosterEntry> Entries)
{
    /// <summary>True when every member recorded its end and its committed orders.</summary>
    public bool Complete => Entries.Count == Self.Size && Entries.All(static e => e.FinishedMicros is not null);

    /// <summary>Indexes of members that never recorded their end.</summary>
    public IEnumerable<int> Unfinished => Enumerable.Range(0, Self.Size).Where(i => Entries.All(e => e.Index != i || e.FinishedMicros is null));

    /// <summary>
    /// Members that drive the same databases as this one (same targets key): their committed orders together are what
    /// these databases gained.
    /// </summary>
    public IReadOnlyList<FleetRosterEntry> SameDatabases => Entries.Where(e => e.TargetsKey == TargetsKey).ToList();

    /// <summary>Milliseconds between the first and the last member's start (client clocks).</summary>
    public double StartSpreadMs => Starts.Count < 2 ? 0 : (Starts.Max() - Starts.Min()) / 1000.0;

    /// <summary>How long after the first member this one started, milliseconds.</summary>
    public double OwnSkewMs => Entries.FirstOrDefault(e => e.Index == Self.Index)?.StartedMicros is { } own && Starts.Count > 0 ? (own - Starts.Min()) / 1000.0 : 0;

    private List<long> Starts => Entries.Where(static e => e.StartedMicros is not null).Select(static e => e.StartedMicros!.Value).ToList();
}
