using System.Globalization;
using DvdStore.Analysis.Comparisons;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reports;

/// <summary>
/// How the figures were obtained: what was varied between runs, the repeats and how they are summarised, the
/// warm-up, how unfinished runs were treated, and each run's outcome and server-side cross-check.
/// </summary>
internal static class MethodSection
{
    public static ReportSection Build(IReadOnlyList<AnalyzedRun> runs, AnalysisOptions options)
    {
        var input = new StudyInput(runs, options);
        var varying = RunGroups.VaryingKeys(runs.Select(r => r.Labels)).Where(k => k != LabelKeys.Host).ToList();
        var repeats = input.Configurations.Select(g => g.Opm.Count).DefaultIfEmpty(0).ToList();
        var unfinished = runs.Where(r => r.Result.Outcome != RunOutcome.Completed).ToList();
        var checks = runs.Select(CrossCheck).ToList();
        var clientLimited = runs.Select(r => string.Join(", ", ClientLimited.Findings(r.Result).Select(f => f.Code).Distinct(StringComparer.Ordinal))).ToList();
        var limitedRuns = runs.Select((r, i) => (r.Name, Codes: clientLimited[i])).Where(p => p.Codes.Length > 0).Select(p => $"{p.Name} ({p.Codes})").ToList();
        var items = new List<string>
        {
            varying.Count == 0
                ? "Varied: nothing; every run is a repeat of one configuration."
                : "Varied: " + string.Join("; ", varying.Select(k => $"{k} ({string.Join(", ", Values(runs, k))})")) + ".",
            string.Create(CultureInfo.InvariantCulture, $"Repeats: {input.Configurations.Count} configuration(s) from {input.Units.Count} measured unit(s), {repeats.Min()}–{repeats.Max()} repeat(s) each; each figure is the mean of its repeats with a 95 % Student-t interval, differences are judged by Welch's interval, and repeats spreading by more than {Format.Percent(options.NoiseCvPercent)} % CV are flagged noisy."),
            "Warm-up: every counter is reset when the warm-up ends; OPM is DS3's floor(60 × orders / measured seconds) over the measured phase only. Runs labelled with one scaleout set are summed over their common measured window.",
            unfinished.Count == 0
                ? "Unfinished runs: none; every run completed."
                : $"Unfinished runs: {string.Join(", ", unfinished.Select(r => $"{r.Name} ({r.Result.Outcome})"))} — listed, and {(options.IncludeUnfinished ? "counted as repeats (--include-unfinished)" : "left out of every mean")}.",
            limitedRuns.Count == 0
                ? "Runs that measured the client: none."
                : $"Runs that measured the client: {string.Join(", ", limitedRuns)} — listed, and {(options.IncludeClientBound ? "let into the headlines (--include-client-bound)" : "kept out of every headline (--include-client-bound lets them in)")}.",
            "Cross-check (database gained = orders the driver committed): " + string.Join(", ", checks.GroupBy(c => c.Verdict).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => $"{g.Count()} {g.Key}")) + ".",
        };
        var table = new ReportTable("Runs: outcome, use and cross-check", "method-runs", ["file", "start_utc", "outcome", "in_repeats", "measured_s", "opm", "cross_check", "client_limited"],
            runs.Select((r, i) => (IReadOnlyList<string>)
            [
                r.Name, r.Result.StartUtc == default ? "" : r.Result.StartUtc.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture),
                r.Result.Outcome.ToString(), options.IncludeUnfinished || r.Result.Outcome == RunOutcome.Completed ? "yes" : "no",
                Format.Number(r.Result.Totals.MeasuredSeconds, 0), Format.Opm(r.Opm), checks[i].Text, clientLimited[i],
            ]).ToList());
        return new ReportSection("Method", [new BulletsBlock(items), new TableBlock(table)]);
    }

    private static IEnumerable<string> Values(IReadOnlyList<AnalyzedRun> runs, string key)
    {
        var values = runs.Select(r => r.Label(key)).Distinct(StringComparer.Ordinal).ToList();
        var ordered = values.All(v => double.TryParse(v, NumberStyles.Float, CultureInfo.InvariantCulture, out _))
            ? values.OrderBy(v => double.Parse(v, CultureInfo.InvariantCulture))
            : values.Order(StringComparer.Ordinal);
        return ordered.Select(v => v.Length == 0 ? "unset" : v);
    }

    private static (string Verdict, string Text) CrossCheck(AnalyzedRun run) => run.Result.CrossCheck switch
    {
        null => ("not checked", run.Origin == RunOrigin.DvdStoreResult ? "not checked" : "not checked (DS3 file)"),
        { Matches: true } c when c.DatabaseGained == c.DriverCommitted => ("exact", string.Create(CultureInfo.InvariantCulture, $"exact: gained {c.DatabaseGained} = committed {c.DriverCommitted}")),
        { Matches: true } c => ("within in-doubt", string.Create(CultureInfo.InvariantCulture, $"within in-doubt: gained {c.DatabaseGained}, committed {c.DriverCommitted}, {c.InDoubt} in doubt")),
        var c => ("MISMATCH", string.Create(CultureInfo.InvariantCulture, $"MISMATCH: gained {c.DatabaseGained}, committed {c.DriverCommitted}, {c.InDoubt} in doubt")),
    };
}
