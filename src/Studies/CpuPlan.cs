namespace DvdStore.Studies;

/// <summary>The CPU sets a study will run, and one line for each part the machine cannot offer (run what can be run).</summary>
public sealed record CpuPlan(IReadOnlyList<CpuSet> Sets, IReadOnlyList<string> Skipped)
{
    public static CpuPlan Empty { get; } = new([], []);

    public CpuPlan Add(CpuPlan other) => new([.. Sets, .. other.Sets], [.. Skipped, .. other.Skipped]);
}
