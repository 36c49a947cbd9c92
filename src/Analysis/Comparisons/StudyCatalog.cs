using DvdStore.Schema;

namespace DvdStore.Analysis.Comparisons;

/// <summary>Every study, by its --study name.</summary>
public static class StudyCatalog
{
    public static IReadOnlyList<IStudy> All { get; } =
        [new VcpuScaling(), new HyperThreadingGain(), new AffinityEffect(), new Generations(), new ScaleOutAggregate(), new Normalization(), new FleetMerge(), new PeakFinding(), new SlaCapacity(), new ScalingLaw(), new WaitBreakdown()];

    public static IReadOnlyList<string> Names => [.. All.Select(s => s.Name), "all"];

    /// <summary>The studies for a --study value ("all" or a comma list of names).</summary>
    public static IReadOnlyList<IStudy> Select(string names)
    {
        if (string.Equals(names.Trim(), "all", StringComparison.OrdinalIgnoreCase))
        {
            return All;
        }

        return names.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(n => All.FirstOrDefault(s => string.Equals(s.Name, n, StringComparison.OrdinalIgnoreCase))
                ?? throw new UserError($"unknown study '{n}'; use one of {string.Join(", ", Names)}."))
            .ToList();
    }
}
