using System.Text.RegularExpressions;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using DvdStore.Schema;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Reads a DS3 driver console log (ds3-facts §4.3, §4.6, §4.8): the parameter banner, the periodic lines
/// (warm-up ones before "Stats reset"), per-target blocks of a detailed view (skipped), and the Final summary.
/// Lines wrapped at a fixed width are joined again (<see cref="Ds3WrappedLines"/>); what stays broken, or a Final
/// summary without its totals, is a warning finding (printed by analyze), never a silent zero.
/// </summary>
public static partial class Ds3LogParser
{
    /// <summary>True when the text looks like a DS3 console log.</summary>
    public static bool LooksLikeLog(string text) => text.Contains(" n_overall=", StringComparison.Ordinal) && text.Contains("opm=", StringComparison.Ordinal);

    public static RunResult Parse(string text, string source)
    {
        var lines = new List<(Ds3PeriodicLine Line, bool AfterReset)>();
        var final = new Dictionary<string, string>(StringComparer.Ordinal);
        var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
        var labels = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var dvdStoreDriver = false;
        var afterReset = false;
        var sawReset = false;
        var inTargetBlock = false;
        double? lastGlobalEt = null;
        var (logical, broken) = Ds3WrappedLines.Join(text);
        foreach (var line in logical)
        {
            if (line.StartsWith("Final (", StringComparison.Ordinal))
            {
                if (final.Count == 0)
                {
                    foreach (Match pair in FinalPair().Matches(line))
                    {
                        final[pair.Groups[1].Value] = pair.Groups[2].Value;
                    }
                }

                continue;
            }

            if (line.Contains("n_threads=", StringComparison.Ordinal) && line.Contains("db_size=", StringComparison.Ordinal))
            {
                foreach (Match pair in BannerPair().Matches(line))
                {
                    parameters[pair.Groups[1].Value] = pair.Groups[2].Value;
                }

                continue;
            }

            // DvdStore's driver names its timer; DS3's names another.
            if (line.Trim() == LiveOutput.Ds3TimerLine)
            {
                dvdStoreDriver = true;
                continue;
            }

            // A line "store=ds3" (or dvdstore) added to the log says which store DS3's driver ran on.
            if (StoreLine().Match(line) is { Success: true } store)
            {
                labels[LabelKeys.Store] = store.Groups[1].Value;
                continue;
            }

            if (line.StartsWith("Stats reset", StringComparison.Ordinal))
            {
                afterReset = sawReset = true;
                inTargetBlock = false;
                continue;
            }

            if (line.StartsWith("Individual Stats for each DB", StringComparison.Ordinal))
            {
                inTargetBlock = true;
                continue;
            }

            if (Ds3PeriodicLine.TryParse(line) is not { } sample)
            {
                continue;
            }

            // Per-target lines of a detailed view repeat the global line's et; the next global line moves on.
            if (inTargetBlock && sample.Et == lastGlobalEt)
            {
                continue;
            }

            inTargetBlock = false;
            lastGlobalEt = sample.Et;
            lines.Add((sample, afterReset));
        }

        if (lines.Count == 0 && final.Count == 0)
        {
            throw new UserError($"{source} has no DS3 periodic line (et= n_overall= opm= …) and no Final summary.");
        }

        var findings = new List<Finding>();
        if (broken > 0)
        {
            findings.Add(new Finding(WrappedCode, FindingSeverity.Warning,
                $"{broken} periodic line(s) are cut or wrapped beyond repair and were left out; give the driver's own output, unwrapped"));
        }

        var missing = final.Count == 0 ? [] : FinalTotals.Where(k => !final.ContainsKey(k)).ToList();
        if (missing.Count > 0)
        {
            findings.Add(new Finding(PartialFinalCode, FindingSeverity.Warning,
                $"the Final summary lacks {string.Join(", ", missing)} (cut or wrapped): those totals come from the last periodic line"));
        }

        // warmup_time 0 prints no "Stats reset": then every line is measured.
        var samples = lines.Select(l => new Ds3RunBuilder.Sample(l.Line, !sawReset || l.AfterReset)).ToList();
        return Ds3RunBuilder.Build(source, samples, final, parameters, findings, labels, dvdStoreDriver ? ImportedWorkloads.DvdStoreLog(parameters) : null);
    }

    /// <summary>Finding codes analyze prints as warnings: the log was cut or wrapped.</summary>
    public const string WrappedCode = "ds3-wrapped-lines";

    public const string PartialFinalCode = "ds3-partial-final";

    /// <summary>The Final keys the run's totals come from.</summary>
    internal static readonly string[] FinalTotals = ["et", "n_overall", "opm", "n_rollbacks_overall"];

    // Every value, numeric or not: Ds3RunBuilder refuses what is not a finite number instead of reading part of it.
    [GeneratedRegex(@"(\w+)\s*=\s*(\S+)", RegexOptions.CultureInvariant)]
    private static partial Regex FinalPair();

    [GeneratedRegex(@"(\w+)=\s?((?!\w+=)\S*)", RegexOptions.CultureInvariant)]
    private static partial Regex BannerPair();

    [GeneratedRegex(@"^\s*#?\s*store\s*=\s*(\S+)\s*$", RegexOptions.CultureInvariant | RegexOptions.IgnoreCase)]
    private static partial Regex StoreLine();
}
