using System.Globalization;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>Number formats of the report (invariant culture, so CSVs read the same everywhere).</summary>
internal static class Format
{
    public static string Opm(double value) => value.ToString("0", CultureInfo.InvariantCulture);

    public static string Number(double value, int decimals = 1) => value.ToString("F" + decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);

    public static string Percent(double value) => value.ToString("0.0", CultureInfo.InvariantCulture);

    public static string SignedPercent(double value) => value.ToString("+0.0;-0.0;0.0", CultureInfo.InvariantCulture);

    public static string Ratio(double value) => value.ToString("0.00", CultureInfo.InvariantCulture);

    public static string Ci(RepeatStats stats) => stats.ConfidenceHalfWidth is { } h ? "± " + Opm(h) : "";

    public static string Cv(RepeatStats stats) => stats.CoefficientOfVariationPercent is { } cv ? Percent(cv) : "";

    /// <summary>A count with its unit, singular for one: "1 thread", "8 threads", "1 vCPU".</summary>
    public static string Count(string number, string unit) => $"{number} {unit}{(number == "1" ? "" : "s")}";

    public static string Noise(RepeatStats stats, AnalysisOptions options) => stats.IsNoisy(options.NoiseCvPercent) ? "NOISY" : stats.Count > 1 ? "ok" : "single run";
}
