using System.Globalization;
using DvdStore.Analysis.Reading;
using DvdStore.Analysis.Reports;
using DvdStore.Analysis.Statistics;
using DvdStore.Driver.Results;
using HdrHistogram;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Always part of a report: every run, every configuration with its repeat statistics (mean, SD, 95 % CI,
/// CV, noisy flag), order response-time percentiles (from the merged HdrHistograms) and OPM over time.
/// </summary>
public sealed class RunOverview : IStudy
{
    /// <summary>The OPM-over-time chart draws repeats up to this many lines (every configuration is drawn regardless).</summary>
    private const int MaxLines = 10;

    private static readonly double[] Percentiles = [50, 90, 95, 99, 99.9];

    public string Name => "overview";

    public string Title => "Runs and repeats";

    public StudyResult Analyze(StudyInput input)
    {
        var varying = RunGroups.VaryingKeys(input.Runs.Select(r => r.Labels));
        var runRows = input.Runs.Select(r => (IReadOnlyList<string>)
        [
            r.Name, r.Origin.ToString(), RunGroups.Describe(r.Labels, varying), Format.Opm(r.Opm), RollbacksRecorded(r) ? Format.Percent(r.Result.Totals.RollbackPercent) : "",
            Ms(r.Result.OrderResponse.MeanMs), Ms(r.Result.OrderResponse.P95Ms), Ms(r.Result.OrderResponse.P99Ms),
            Format.Number(r.Result.Totals.MeasuredSeconds, 0), r.Result.Outcome.ToString(), string.Join("; ", r.Result.Findings.Select(f => f.Code)),
        ]).ToList();
        var configurationRows = input.Configurations.Select(g => (IReadOnlyList<string>)
        [
            g.Describe(varying.Where(k => k != LabelKeys.Host)), g.Opm.Count.ToString(CultureInfo.InvariantCulture), Format.Opm(g.Opm.Mean),
            g.Opm.StandardDeviation is { } sd ? Format.Opm(sd) : "", g.Opm.ConfidenceLow is { } lo ? Format.Opm(lo) : "", g.Opm.ConfidenceHigh is { } hi ? Format.Opm(hi) : "",
            Format.Cv(g.Opm), Format.Noise(g.Opm, input.Options),
        ]).ToList();

        // Per transaction kind: our results' calls, or DS3's Final counts and averages (DS3 has no percentiles).
        var transactionRows = input.Runs.SelectMany(r => r.Result.Transactions.Select(t => (IReadOnlyList<string>)
        [
            r.Name, t.Kind, t.Count.ToString(CultureInfo.InvariantCulture),
            r.Result.Totals.MeasuredSeconds > 0 ? Format.Number(60 * t.Count / r.Result.Totals.MeasuredSeconds, 0) : "",
            Ms(t.MeanMs), Ms(t.P95Ms), Ms(t.P99Ms),
        ])).ToList();
        var findings = new List<string> { $"{input.Runs.Count} run(s) in {input.Configurations.Count} configuration(s)." };
        findings.AddRange(input.Configurations.Where(g => g.Opm.IsNoisy(input.Options.NoiseCvPercent))
            .Select(g => $"Noisy: {g.Describe(varying.Where(k => k != LabelKeys.Host))} varies by CV {Format.Cv(g.Opm)} % over {g.Opm.Count} repeats (> {Format.Percent(input.Options.NoiseCvPercent)} %); differences smaller than that are not real."));
        var counted = input.Options.IncludeUnfinished ? "counted in the repeats (--include-unfinished)" : "left out of the repeats (--include-unfinished counts it)";
        findings.AddRange(input.Runs.Where(r => r.Result.Outcome != RunOutcome.Completed).Select(r => $"{r.Name} ended {r.Result.Outcome}, {counted}: its figures cover only the time actually run."));

        var charts = new List<ChartSpec>();
        var overTime = OpmOverTime(input.Runs, findings);
        if (overTime.Series.Count > 0)
        {
            charts.Add(overTime);
        }

        var latency = LatencyPercentiles(input.Configurations);
        if (latency is not null)
        {
            charts.Add(latency);
        }
        else
        {
            findings.Add("No response-time histograms in the inputs (DS3 files record only averages): no percentile chart.");
        }

        var tables = new List<ReportTable>
        {
            new("Runs", "runs", ["file", "origin", "labels", "opm", "rollback_pct", "order_mean_ms", "order_p95_ms", "order_p99_ms", "measured_s", "outcome", "findings"], runRows),
            new("Configurations and repeats (95 % CI, Student t)", "repeats", ["configuration", "runs", "mean_opm", "sd_opm", "ci95_low", "ci95_high", "cv_pct", "noise"], configurationRows),
        };
        if (transactionRows.Count > 0)
        {
            tables.Add(new ReportTable("Transactions per run", "transactions", ["file", "transaction", "count", "per_minute", "mean_ms", "p95_ms", "p99_ms"], transactionRows));
        }
        else
        {
            findings.Add("No per-transaction counts in the inputs: no transactions table.");
        }

        var unrecorded = input.Runs.Where(r => !RollbacksRecorded(r)).ToList();
        if (unrecorded.Count > 0)
        {
            findings.Add($"{unrecorded.Count} run(s) record neither per-transaction counts nor any rollback, so nothing says how many rolled back: their rollback_pct is blank, not 0.0.");
        }

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Tables = tables,
            Charts = charts,
        };
    }

    /// <summary>
    /// One line per configuration, always (its first run); repeats fill the chart up to <see cref="MaxLines"/>; the
    /// repeats left out are named in <paramref name="findings"/>, never dropped silently. Each run's warm-up end is
    /// marked: one mark when all are equal, else one per line in its colour.
    /// </summary>
    private static ChartSpec OpmOverTime(IReadOnlyList<AnalyzedRun> runs, List<string> findings)
    {
        // A configuration here is every label but the host, a sweep's steps included: each step is a line of its own.
        var ranked = runs.Where(r => r.Result.Intervals.Count > 0)
            .GroupBy(r => RunGroups.Key(r.Labels, [LabelKeys.Host]), StringComparer.Ordinal)
            .SelectMany(g => g.Select((r, repeat) => (Run: r, Repeat: repeat, Configuration: g.Key)))
            .ToList();
        var firsts = ranked.Where(p => p.Repeat == 0).ToList();
        var shown = firsts.Concat(ranked.Where(p => p.Repeat > 0).OrderBy(p => p.Repeat).Take(Math.Max(0, MaxLines - firsts.Count)))
            .OrderBy(p => IndexOf(runs, p.Run)).ToList();
        var leftOut = ranked.Except(shown).Select(p => p.Run).OrderBy(r => IndexOf(runs, r)).ToList();
        if (leftOut.Count > 0)
        {
            findings.Add($"OPM over time draws every configuration once and repeats up to {MaxLines} lines; not drawn (repeats of a drawn configuration, in the tables): {string.Join(", ", leftOut.Select(r => r.Name))}.");
        }

        var names = LegendNames(shown.Select(p => (p.Run.Labels, (object)p.Configuration)).ToList(), "OPM");
        var series = shown.Select((p, i) => new ChartSeries(names[i], p.Run.Result.Intervals.Select(x => x.SinceStartSeconds).ToList(), p.Run.Result.Intervals.Select(x => x.IntervalOpm).ToList())).ToList();

        // The warm-up ends where a run's last unmeasured interval ends.
        var warmupEnds = shown.Select(p => p.Run.Result.Intervals.Where(x => !x.Measured).Select(x => x.SinceStartSeconds).DefaultIfEmpty(0).Max()).ToList();
        var distinct = warmupEnds.Where(x => x > 0).Distinct().ToList();
        var markers = distinct.Count <= 1
            ? distinct.Select(x => new ChartMarker(x, "warm-up ends")).ToList()
            : warmupEnds.Select((x, i) => (X: x, Series: series[i].Name)).Where(m => m.X > 0)
                .Select((m, i) => new ChartMarker(m.X, i == 0 ? "warm-up ends (each line's colour)" : "") { Series = m.Series }).ToList();
        return new ChartSpec("OPM over time (per log interval)", "opm-over-time", "Time since start (s)", "Orders per minute (OPM)") { Series = series, Markers = markers };
    }

    private static int IndexOf(IReadOnlyList<AnalyzedRun> runs, AnalyzedRun run) => runs.ToList().IndexOf(run);

    /// <summary>
    /// Legend entries named by the labels that differ between the lines (the host aside), never by file name and never
    /// cut, so two configurations never read alike; runs of one configuration (the same <c>Configuration</c>: repeats,
    /// or the members of a scale-out set) are told apart as "run 1", "run 2"; lines that differ in nothing are
    /// <paramref name="fallback"/>.
    /// </summary>
    private static List<string> LegendNames(IReadOnlyList<(IReadOnlyDictionary<string, string> Labels, object Configuration)> lines, string fallback)
    {
        var labels = lines.Select(l => l.Labels).ToList();
        var keys = TellingKeys(labels, lines.Select(l => l.Configuration).Distinct().Count());
        var varying = RunGroups.VaryingKeys(labels).Where(k => k != LabelKeys.Host).ToList();
        var names = labels.Select(l => keys.Count == 0 ? fallback
                : keys.Any(l.ContainsKey) ? RunGroups.Describe(l, keys)
                : RunGroups.Describe(l, varying.Where(l.ContainsKey).Take(1)))
            .ToList();
        var repeats = lines.Select((l, i) => (l.Configuration, i)).GroupBy(p => p.Configuration).Where(g => g.Count() > 1)
            .SelectMany(g => g.Select((p, n) => (p.i, n))).ToDictionary(p => p.i, p => p.n + 1);
        names = names.Select((n, i) => repeats.TryGetValue(i, out var repeat) ? $"{n}, run {repeat}" : n).ToList();

        // Labels that cannot tell two configurations apart (equal but for the host): numbered, never merged.
        var clashing = names.GroupBy(n => n, StringComparer.Ordinal).Where(g => g.Count() > 1).Select(g => g.Key).ToHashSet(StringComparer.Ordinal);
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        return names.Select(n => clashing.Contains(n) ? $"{n} #{seen[n] = seen.GetValueOrDefault(n) + 1}" : n).ToList();
    }

    /// <summary>
    /// The fewest labels that tell the configurations apart: greedily, the key that adds the most distinct names, until
    /// there are as many names as <paramref name="configurations"/>, so a label every line shares or that only
    /// repeats another (engine beside generation) never takes legend room, and no two configurations share a name.
    /// </summary>
    private static List<string> TellingKeys(IReadOnlyList<IReadOnlyDictionary<string, string>> labels, int configurations)
    {
        var candidates = RunGroups.VaryingKeys(labels).Where(k => k != LabelKeys.Host).ToList();
        var chosen = new List<string>();
        int Distinct(IEnumerable<string> keys) => labels.Select(l => RunGroups.Describe(l, keys)).Distinct(StringComparer.Ordinal).Count();
        while (candidates.Count > 0 && (chosen.Count == 0 || Distinct(chosen) < configurations))
        {
            var current = chosen.Count == 0 ? 1 : Distinct(chosen);
            var best = candidates.MaxBy(k => Distinct([.. chosen, k]))!;
            if (Distinct([.. chosen, best]) <= current)
            {
                break;
            }

            chosen.Add(best);
            candidates.Remove(best);
        }

        return chosen;
    }

    /// <summary>One line per configuration with histograms, every one of them (a configuration is never left out).</summary>
    private static ChartSpec? LatencyPercentiles(IReadOnlyList<RunGroup> configurations)
    {
        var names = LegendNames(configurations.Select(g => (g.Labels, (object)g)).ToList(), "orders");
        var series = new List<ChartSeries>();
        foreach (var group in configurations)
        {
            HistogramBase? merged = null;
            foreach (var run in group.Runs.Where(r => r.Result.OrderResponse.Histogram.Length > 0))
            {
                var histogram = HistogramCodec.Decode(run.Result.OrderResponse.Histogram);
                if (merged is null)
                {
                    merged = histogram;
                }
                else
                {
                    merged.Add(histogram);
                }
            }

            if (merged is null || merged.TotalCount == 0)
            {
                continue;
            }

            series.Add(new ChartSeries(names[configurations.ToList().IndexOf(group)], Percentiles.Select((_, i) => (double)i).ToList(), Percentiles.Select(p => merged.GetValueAtPercentile(p) / 1000.0).ToList()));
        }

        return series.Count == 0
            ? null
            : new ChartSpec("Order response time percentiles", "latency-percentiles", "Percentile", "Response time (ms)")
            {
                Series = series,
                XCategories = Percentiles.Select(p => "p" + p.ToString(CultureInfo.InvariantCulture)).ToList(),
            };
    }

    /// <summary>
    /// A DS3 file always prints its rollbacks, and a dvdstore run records each transaction kind; a result with neither
    /// per-transaction counts nor a rollback (a published figure written as a result) says nothing about rollbacks.
    /// </summary>
    private static bool RollbacksRecorded(AnalyzedRun run) =>
        run.Origin != RunOrigin.DvdStoreResult || run.Result.Totals.Rollbacks > 0 || run.Result.Transactions.Count > 0;

    private static string Ms(double value) => value > 0 ? Format.Number(value, 1) : "";
}
