using System.Text.RegularExpressions;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;
using DvdStore.Schema;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Reads a DS3 driver console log (docs/ds3-compatibility.md, "A driver run" and "Driver output and formulas"): the parameter banner, the periodic lines
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
                    ReadFinal(line, source, final);
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

    /// <summary>
    /// The Final summary's key=value pairs. Where the text lost a space (DS3's driver documentation prints
    /// "opm=27589rt_tot_lastn_max=…"), a value runs into the next key: it is split there when that key is one of DS3's
    /// Final keys, and refused naming the field otherwise, so a number is never read with part of a word in it.
    /// </summary>
    private static void ReadFinal(string line, string source, Dictionary<string, string> final)
    {
        foreach (Match pair in FinalPair().Matches(line))
        {
            var (key, value) = (pair.Groups[1].Value, pair.Groups[2].Value);
            var end = pair.Index + pair.Length;
            var glued = end < line.Length && !char.IsWhiteSpace(line[end]) ? GluedKey().Match(line, end) : null;
            if (glued is not null && !FinalKeys.Contains(glued.Groups[1].Value))
            {
                throw new UserError($"{source}: the Final summary's field '{key}={value}{glued.Groups[1].Value}' runs into the next without a space and '{glued.Groups[1].Value}' is no DS3 key, so it cannot be split; put the lost space back.");
            }

            final.TryAdd(key, value);
        }
    }

    /// <summary>Every key DS3 prints in its Final summary (docs/ds3-compatibility.md, "Driver output and formulas"), with its typos.</summary>
    private static readonly HashSet<string> FinalKeys = new(StringComparer.Ordinal)
    {
        "et", "n_overall", "opm", "rt_tot_lastn_max", "rt_tot_avg", "n_login_overall", "n_newcust_overall", "n_newmember_overall",
        "n_browse_overall", "n_reviewbrowse", "n_newreviews", "n_newhelpfulness", "n_purchase_overall", "rt_login_avg_msec",
        "rt_newcust_avg_msec", "rt_rewmember_avg_msec", "rt_browse_avg_msec", "rt_reviewbrowse_avg_msec", "rt_newreview_avg_msec",
        "rt_newhelpfulness", "rt_purchase_avg_msec", "rt_tot_sampled", "n_rollbacks_overall", "rollback_rate",
    };

    /// <summary>Finding codes analyze prints as warnings: the log was cut or wrapped.</summary>
    public const string WrappedCode = "ds3-wrapped-lines";

    public const string PartialFinalCode = "ds3-partial-final";

    /// <summary>The Final keys the run's totals come from.</summary>
    internal static readonly string[] FinalTotals = ["et", "n_overall", "opm", "n_rollbacks_overall"];

    // Every value, numeric or not (Ds3RunBuilder refuses what is not a finite number instead of reading part of it),
    // up to a space, the end, or a key glued to it where a space was lost (ReadFinal checks that key).
    [GeneratedRegex(@"([A-Za-z_]\w*?)\s*=\s*([^\s=]*?)(?=\s|$|[A-Za-z_]\w*\s*=)", RegexOptions.CultureInvariant)]
    private static partial Regex FinalPair();

    [GeneratedRegex(@"\G([A-Za-z_]\w*)\s*=", RegexOptions.CultureInvariant)]
    private static partial Regex GluedKey();

    [GeneratedRegex(@"(\w+)=\s?((?!\w+=)\S*)", RegexOptions.CultureInvariant)]
    private static partial Regex BannerPair();

    [GeneratedRegex(@"^\s*#?\s*store\s*=\s*(\S+)\s*$", RegexOptions.CultureInvariant | RegexOptions.IgnoreCase)]
    private static partial Regex StoreLine();
}
