using System.Globalization;

namespace DvdStore.Studies;

/// <summary>A named set of CPUs to run the server on, with its shape for the result's labels.</summary>
/// <param name="Name">Unique in a study, e.g. "vcpu-4", "ht-on-4", "affinity-spread-8".</param>
/// <param name="Study">The question the set belongs to.</param>
/// <param name="Variant">Within the study: "", "on"/"off" (hyper-threading), "packed"/"spread" (affinity).</param>
/// <param name="Shape">The CPUs and how they spread over cores, sockets and nodes.</param>
public sealed record CpuSet(string Name, CpuStudy Study, string Variant, CpuSetShape Shape)
{
    public IReadOnlyList<int> Cpus => Shape.CpuIds;

    /// <summary>Shape labels plus cpu_set, study and variant.</summary>
    public IReadOnlyDictionary<string, string> ToLabels()
    {
        var labels = new SortedDictionary<string, string>(Shape.ToLabels().ToDictionary(), StringComparer.Ordinal)
        {
            ["cpu_set"] = Name,
            ["cpu_study"] = StudyName(Study),
        };
        if (Variant.Length > 0)
        {
            labels["cpu_variant"] = Variant;
        }

        return labels;
    }

    public static string StudyName(CpuStudy study) => study switch
    {
        CpuStudy.VcpuScaling => "vcpu",
        CpuStudy.HyperThreading => "ht",
        CpuStudy.Affinity => "affinity",
        _ => "none",
    };

    internal static string NameOf(CpuStudy study, string variant, int cpus) =>
        string.Create(CultureInfo.InvariantCulture, $"{StudyName(study)}{(variant.Length > 0 ? "-" + variant : "")}-{cpus}");
}
