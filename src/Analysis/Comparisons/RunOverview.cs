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
    /// <summary>Charts stay readable with this many lines; the rest are in the tables.</summary>
    private const int MaxLines = 10;

    private static readonly double[] Percentiles = [50, 90, 95, 99, 99.9];

    public string Name => "overview";

    public string Title => "Runs and repeats";

    public StudyResult Analyze(StudyInput input)
    {
        var varying = RunGroups.VaryingKeys(input.Runs.Select(r => r.Labels));
        var runRows = input.Runs.Select(r => (IReadOnlyList<string>)
        [
            r.Name, r.Origin.ToString(), RunGroups.Describe(r.Labels, varying), Format.Opm(r.Opm), Format.Percent(r.Result.Totals.RollbackPercent),
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
        var overTime = OpmOverTime(input.Runs);
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

        return new StudyResult(Name, Title)
        {
            Findings = findings,
            Tables =
            [
                new ReportTable("Runs", "runs", ["file", "origin", "labels", "opm", "rollback_pct", "order_mean_ms", "order_p95_ms", "order_p99_ms", "measured_s", "outcome", "findings"], runRows),
                new ReportTable("Configurations and repeats (95 % CI, Student t)", "repeats", ["configuration", "runs", "mean_opm", "sd_opm", "ci95_low", "ci95_high", "cv_pct", "noise"], configurationRows),
                new ReportTable("Transactions per run", "transactions", ["file", "transaction", "count", "per_minute", "mean_ms", "p95_ms", "p99_ms"], transactionRows),
            ],
            Charts = charts,
        };
    }

    private static ChartSpec OpmOverTime(IReadOnlyList<AnalyzedRun> runs)
    {
        // One line per configuration first (its first run), then the repeats, up to MaxLines.
        var shown = runs.Where(r => r.Result.Intervals.Count > 0)
            .GroupBy(r => RunGroups.Key(r.Labels, [LabelKeys.Host]), StringComparer.Ordinal)
            .SelectMany(g => g.Select((r, repeat) => (Run: r, Repeat: repeat)))
            .OrderBy(p => p.Repeat).Take(MaxLines).Select(p => p.Run).OrderBy(r => runs.ToList().IndexOf(r)).ToList();
        var names = LegendNames(shown.Select(r => r.Labels).ToList(), "OPM");
        var series = shown.Select((r, i) => new ChartSeries(names[i], r.Result.Intervals.Select(x => x.SinceStartSeconds).ToList(), r.Result.Intervals.Select(x => x.IntervalOpm).ToList())).ToList();

        // The warm-up ends where a run's last unmeasured interval ends; runs with equal warm-ups share one mark.
        var warmupEnds = shown.Select(r => r.Result.Intervals.Where(x => !x.Measured).Select(x => x.SinceStartSeconds).DefaultIfEmpty(0).Max())
            .Where(x => x > 0).Distinct().Order().Take(3).ToList();
        var markers = warmupEnds.Select((x, i) => new ChartMarker(x, i == 0 ? "warm-up ends" : "")).ToList();
        return new ChartSpec("OPM over time (per log interval)", "opm-over-time", "Time since start (s)", "Orders per minute (OPM)") { Series = series, Markers = markers };
    }

    /// <summary>
    /// Legend entries named by the labels that differ between the lines (the host aside, at most three), never by file
    /// name; repeats of one configuration are numbered (#1, #2); lines that differ in nothing are <paramref name="fallback"/>.
    /// </summary>
    private static List<string> LegendNames(IReadOnlyList<IReadOnlyDictionary<string, string>> labels, string fallback)
    {
        var keys = TellingKeys(labels);
        var varying = RunGroups.VaryingKeys(labels).Where(k => k != LabelKeys.Host).ToList();
        var names = labels.Select(l => keys.Count == 0 ? fallback
                : keys.Any(l.ContainsKey) ? RunGroups.Describe(l, keys)
                : RunGroups.Describe(l, varying.Where(l.ContainsKey).Take(1)))
            .Select(n => n.Length > 30 ? n[..29] + "…" : n)
            .ToList();
        var repeated = names.GroupBy(n => n, StringComparer.Ordinal).Where(g => g.Count() > 1).Select(g => g.Key).ToHashSet(StringComparer.Ordinal);
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        return names.Select(n => repeated.Contains(n) ? $"{n} #{seen[n] = seen.GetValueOrDefault(n) + 1}" : n).ToList();
    }

    /// <summary>
    /// At most three labels that tell the lines apart best: greedily, the key that adds the most distinct names, so a
    /// label every line shares or that only repeats another (engine beside generation) never takes legend room.
    /// </summary>
    private static List<string> TellingKeys(IReadOnlyList<IReadOnlyDictionary<string, string>> labels)
    {
        var candidates = RunGroups.VaryingKeys(labels).Where(k => k != LabelKeys.Host).ToList();
        var chosen = new List<string>();
        int Distinct(IEnumerable<string> keys) => labels.Select(l => RunGroups.Describe(l, keys)).Distinct(StringComparer.Ordinal).Count();
        while (chosen.Count < 3 && candidates.Count > 0)
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

    private static ChartSpec? LatencyPercentiles(IReadOnlyList<RunGroup> configurations)
    {
        var names = LegendNames(configurations.Select(g => g.Labels).ToList(), "orders");
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

            if (merged is null || merged.TotalCount == 0 || series.Count >= MaxLines)
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

    private static string Ms(double value) => value > 0 ? Format.Number(value, 1) : "";
}
