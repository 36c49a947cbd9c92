using System.Globalization;
using DvdStore.Analysis.Statistics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>Number formats of the report (invariant culture, so CSVs read the same everywhere).</summary>
internal static class Format
{
    public static string Opm(double value) => value.ToString("0", CultureInfo.InvariantCulture);

    public static string Number(double value, int decimals = 1) => value.ToString("F" + decimals.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);

    /// <summary>What a figure relative to a zero baseline prints as: <see cref="Relative"/> gives null there.</summary>
    public const string NotApplicable = "n/a";

    public static string Percent(double? value) => value is { } v ? v.ToString("0.0", CultureInfo.InvariantCulture) : NotApplicable;

    public static string SignedPercent(double? value) => value is { } v ? v.ToString("+0.0;-0.0;0.0", CultureInfo.InvariantCulture) : NotApplicable;

    public static string Ratio(double? value) => value is { } v ? v.ToString("0.00", CultureInfo.InvariantCulture) : NotApplicable;

    /// <summary>A figure with its unit in a sentence ("+27.0 %", "3.90×"); <see cref="NotApplicable"/> stands alone.</summary>
    public static string WithUnit(string figure, string unit) => figure == NotApplicable ? figure : figure + unit;

    public static string Ci(RepeatStats stats) => stats.ConfidenceHalfWidth is { } h ? "± " + Opm(h) : "";

    public static string Cv(RepeatStats stats) => stats.CoefficientOfVariationPercent is { } cv ? Percent(cv) : "";

    /// <summary>The file names of the groups' runs, for the "files" column and a headline's runs.</summary>
    public static IReadOnlyList<string> RunNames(params RunGroup[] groups) => groups.SelectMany(g => g.Runs).SelectMany(r => r.Files).Distinct(StringComparer.Ordinal).ToList();

    /// <summary>"a.json; b.json": the files of a table row.</summary>
    public static string Files(params RunGroup[] groups) => string.Join("; ", RunNames(groups));

    /// <summary>A count with its unit, singular for one: "1 thread", "8 threads", "1 vCPU".</summary>
    public static string Count(string number, string unit) => $"{number} {unit}{(number == "1" ? "" : "s")}";

    public static string Noise(RepeatStats stats, AnalysisOptions options) => stats.IsNoisy(options.NoiseCvPercent) ? "NOISY" : stats.Count > 1 ? "ok" : "single run";
}
