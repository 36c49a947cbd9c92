namespace DvdStore.Tests.Schema.Plans;

/// <summary>
/// The plan guard, one rule (<see cref="PlanRules"/>) for every engine: each hot routine is run or explained on the
/// engine's 10MB store and its plans must break none of the rules. Each engine's class says how its server shows a plan.
/// </summary>
public abstract class PlanGuardTests(PlanStores stores, EngineKind kind)
{
    [SkippableTheory]
    [MemberData(nameof(HotRoutines.Names), MemberType = typeof(HotRoutines))]
    public async Task Hot_routine_plan_scans_no_big_table_and_reads_wide_rows_only_for_its_batch(string routine)
    {
        var target = await stores.TargetAsync(kind);
        await using var connection = await target.OpenAsync(CancellationToken.None);

        var (violations, plans) = await ReadPlansAsync(target, connection, routine);

        PlanRules.AssertNoViolations(routine, violations, plans);
    }

    /// <summary>The rules' violations in the plans of one call of <paramref name="routine"/>, and those plans as text (for the failure message).</summary>
    protected abstract Task<(List<string> Violations, string Plans)> ReadPlansAsync(StoreTarget target, DbConnection connection, string routine);
}
