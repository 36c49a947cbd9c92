using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// One run as Analysis sees it: the driver's <see cref="RunResult"/> (DS3 input is converted into the same
/// shape, with what DS3 does not record left empty), where it came from, and its effective labels.
/// </summary>
public sealed class AnalyzedRun
{
    public AnalyzedRun(string source, RunOrigin origin, RunResult result, IReadOnlyDictionary<string, string> labels, int instances = 1)
    {
        Source = source;
        Origin = origin;
        Result = result;
        Labels = labels;
        Instances = instances;
        Workload = result.Workload ?? (origin == RunOrigin.DvdStoreResult ? UnrecordedWorkload : ImportedWorkloads.Ds3Driver(Label(LabelKeys.Store), result.Parameters));
    }

    /// <summary>The file the run was read from.</summary>
    public string Source { get; }

    public RunOrigin Origin { get; }

    /// <summary>How many runs that ran together this stands for: 1, or the members of a scale-out set summed into one unit.</summary>
    public int Instances { get; }

    public RunResult Result { get; }

    /// <summary>Effective labels: derived from the recorded context, then the run's own labels, then the user's overrides.</summary>
    public IReadOnlyDictionary<string, string> Labels { get; }

    /// <summary>What a result written before workloads were recorded stands for: a DvdStore run of a version not known.</summary>
    public static readonly WorkloadIdentity UnrecordedWorkload = new() { Name = "DvdStore (workload not recorded)" };

    /// <summary>
    /// The workload the run measured: runs compare only within one (<see cref="WorkloadIdentity.Key"/>). DS3-format input
    /// records none: it is DS3's driver on the store its <see cref="LabelKeys.Store"/> label names (<see cref="ImportedWorkloads"/>).
    /// </summary>
    public WorkloadIdentity Workload { get; }

    /// <summary>Short name for tables: the file name.</summary>
    public string Name => Path.GetFileName(Source);

    /// <summary>DS3's opm of the measured phase (rolled-back orders included).</summary>
    public double Opm => Result.Totals.Opm;

    public string Label(string key) => Labels.TryGetValue(key, out var value) ? value : "";

    /// <summary>The label as a number, or null when absent or not numeric.</summary>
    public double? NumericLabel(string key) =>
        double.TryParse(Label(key), System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var value) ? value : null;

    public AnalyzedRun WithLabels(IReadOnlyDictionary<string, string> labels) => new(Source, Origin, Result, labels, Instances);
}
