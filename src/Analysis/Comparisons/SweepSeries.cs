using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// One swept curve of the loaded runs, as the peak and scaling studies see it: a configuration's thread sweep (users)
/// or its vCPU curve (the best thread count at each vCPU count), with its peak step. The scaling law and the wait
/// breakdown read the same curves through this.
/// </summary>
internal sealed record SweepSeries(string Name, string Unit, IReadOnlyList<RunGroup> Steps, Func<RunGroup, double> N, int Peak)
{
    /// <summary>"8 threads", "2 vCPUs", "1 thread".</summary>
    public string StepLabel(RunGroup step) => Format.Count(Format.Number(N(step), 0), Unit);

    public static IReadOnlyList<SweepSeries> Of(StudyInput input)
    {
        var series = new List<SweepSeries>();
        var sweeps = PeakFinding.Sweeps(input);
        var threadsVarying = RunGroups.VaryingKeys(sweeps.SelectMany(s => s).Select(g => g.Labels)).Where(k => k != LabelKeys.Threads).ToList();
        foreach (var sweep in sweeps)
        {
            var name = threadsVarying.Count > 0 ? sweep[0].Describe(threadsVarying) : "OPM";
            series.Add(new(name, "thread", sweep, g => g.NumericLabel(LabelKeys.Threads)!.Value, PeakFinding.Find(sweep.Select(g => g.Opm.Mean).ToList(), input.Options.PeakThreshold)));
        }

        var curves = VcpuScaling.Curves(input);
        var vcpusVarying = RunGroups.VaryingKeys(curves.SelectMany(s => s).Select(g => g.Labels)).Where(k => k is not LabelKeys.Vcpus and not LabelKeys.Threads).ToList();
        foreach (var curve in curves)
        {
            var best = curve.MaxBy(g => g.Opm.Mean)!;
            series.Add(new(VcpuScaling.SeriesName(curve[0], vcpusVarying), "vCPU", curve, g => g.NumericLabel(LabelKeys.Vcpus)!.Value, curve.IndexOf(best)));
        }

        return series;
    }
}
