using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// The arithmetic of scaling, on (vCPUs, OPM) points sorted by vCPUs: speedup = OPM / OPM₀; linear = OPM₀ × v / v₀;
/// efficiency = OPM / linear; marginal = (ΔOPM / ΔvCPU) / (OPM₀ / v₀). The knee is the last point before the
/// first step whose marginal share falls under the threshold; the peak is the highest OPM. Against a first point of 0 OPM
/// the relative figures are null (<see cref="Relative"/>) and there is no knee before the last point.
/// </summary>
public sealed record ScalingCurve(IReadOnlyList<ScalingPoint> Points, ScalingPoint Knee, ScalingPoint Peak)
{
    public static ScalingCurve Of(IReadOnlyList<(double Vcpus, double Opm)> points, double kneeMarginalShare)
    {
        var (v0, opm0) = points[0];
        var perVcpu0 = opm0 / v0;
        var result = new List<ScalingPoint>();
        for (var i = 0; i < points.Count; i++)
        {
            var (v, opm) = points[i];
            var marginal = i == 0 ? 100 : Relative.Percent((opm - points[i - 1].Opm) / (v - points[i - 1].Vcpus), perVcpu0);
            var linear = opm0 * v / v0;
            result.Add(new ScalingPoint(v, opm, Relative.Ratio(opm, opm0), linear, Relative.Percent(opm, linear), opm / v, marginal));
        }

        var knee = result[^1];
        for (var i = 1; i < result.Count; i++)
        {
            if (result[i].MarginalPercent < 100 * kneeMarginalShare)
            {
                knee = result[i - 1];
                break;
            }
        }

        return new ScalingCurve(result, knee, result.MaxBy(p => p.Opm)!);
    }
}
