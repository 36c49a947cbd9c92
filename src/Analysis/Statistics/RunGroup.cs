using DvdStore.Analysis.Reading;

namespace DvdStore.Analysis.Statistics;

/// <summary>One configuration: runs whose labels are equal (the host aside) are repeats of it.</summary>
public sealed class RunGroup
{
    public RunGroup(IReadOnlyDictionary<string, string> labels, IReadOnlyList<AnalyzedRun> runs)
    {
        Labels = labels;
        Runs = runs;
        Opm = RepeatStats.Of(runs.Select(r => r.Opm));
    }

    public IReadOnlyDictionary<string, string> Labels { get; }

    public IReadOnlyList<AnalyzedRun> Runs { get; }

    /// <summary>Runs that ran together per repeat: 1 for one system, N for a scale-out set of N summed into one unit.</summary>
    public int Instances => Runs[0].Instances;

    /// <summary>OPM over the repeats.</summary>
    public RepeatStats Opm { get; }

    public string Label(string key) => Labels.TryGetValue(key, out var value) ? value : "";

    public double? NumericLabel(string key) =>
        double.TryParse(Label(key), System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var value) ? value : null;

    /// <summary>"key=value, …" of the given keys (or all labels), for tables and legends.</summary>
    public string Describe(IEnumerable<string>? keys = null) => RunGroups.Describe(Labels, keys);
}
