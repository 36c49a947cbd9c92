using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Reading;

/// <summary>
/// Turns DS3 periodic samples (and, from a log, the Final summary and the parameter banner) into a
/// <see cref="RunResult"/>: what DS3 does not record (percentiles, histograms, context) stays empty.
/// </summary>
internal static class Ds3RunBuilder
{
    /// <summary>One periodic sample and whether it belongs to the measured phase.</summary>
    public readonly record struct Sample(Ds3PeriodicLine Line, bool Measured);

    /// <param name="labels">Labels the text itself gives (a log's <c>store=</c> line).</param>
    /// <param name="workload">The workload when the text says whose driver printed it; null: DS3's (decided with the run's labels).</param>
    public static RunResult Build(
        string source, IReadOnlyList<Sample> samples, IReadOnlyDictionary<string, string> final, IReadOnlyDictionary<string, string> parameters, List<Finding> findings,
        IReadOnlyDictionary<string, string>? labels = null, WorkloadIdentity? workload = null)
    {
        foreach (var (key, text) in final)
        {
            Ds3Figures.FinalValue(source, key, text);
        }

        foreach (var (line, _) in samples)
        {
            Ds3Figures.Check(source, "a periodic line", line.Et, line.NOverall, line.Opm, line.Rollbacks);
        }

        var intervals = Intervals(samples);
        var measured = samples.Where(s => s.Measured).Select(s => s.Line).ToList();
        var last = measured.Count > 0 ? measured[^1] : null;
        // A Final summary cut short (a wrapped or truncated log) gives what it has; the rest comes from the last sample.
        double et = final.ContainsKey("et") ? Number(final, "et") : last?.Et ?? 0;
        long orders = final.ContainsKey("n_overall") ? Integer(final, "n_overall") : last?.NOverall ?? 0;
        long opm = final.ContainsKey("opm") ? Integer(final, "opm") : last?.Opm ?? 0;
        long rollbacks = final.ContainsKey("n_rollbacks_overall") ? Integer(final, "n_rollbacks_overall") : last?.Rollbacks ?? 0;
        if (final.Count > 0)
        {
            Ds3Figures.Check(source, "the Final summary", et, orders, opm, rollbacks);
        }
        else
        {
            findings.Add(new Finding("ds3-no-final", FindingSeverity.Warning, "no DS3 Final summary: totals are taken from the last periodic sample"));
        }

        var start = intervals.FirstOrDefault(i => i.Measured) is { } first && first.TimestampUtc != default
            ? first.TimestampUtc.AddSeconds(-first.ElapsedSeconds)
            : default;
        return new RunResult
        {
            ToolVersion = "ds3",
            RunId = Path.GetFileNameWithoutExtension(source),
            StartUtc = start,
            EndUtc = start == default ? default : start.AddSeconds(et),
            Outcome = RunOutcome.Completed,
            Parameters = parameters,
            Context = new RunContext { Labels = labels ?? new Dictionary<string, string>() },
            Workload = workload,
            Totals = new RunTotals
            {
                Orders = orders,
                CommittedOrders = orders - rollbacks,
                Rollbacks = rollbacks,
                MeasuredSeconds = et,
                Opm = opm,
                CommittedOpm = Ds3Formulas.Opm(orders - rollbacks, et),
            },
            OrderResponse = new TransactionStats { Kind = "Order", Count = orders, MeanMs = final.ContainsKey("rt_tot_avg") ? Average(final, "rt_tot_avg") : last?.AvgMs ?? 0 },
            Transactions = Transactions(final),
            Intervals = intervals,
            Findings = findings,
        };
    }

    private static List<IntervalSample> Intervals(IReadOnlyList<Sample> samples)
    {
        var intervals = new List<IntervalSample>();
        Ds3PeriodicLine? previous = null;
        var phaseOffset = 0.0;
        var previousMeasured = false;
        foreach (var (line, measured) in samples)
        {
            if (previous is not null && measured && !previousMeasured)
            {
                // Stats reset: et and the counters restart; keep the whole-run clock going.
                phaseOffset += previous.Et;
                previous = null;
            }

            var orders = line.NOverall - (previous?.NOverall ?? 0);
            var seconds = line.Et - (previous?.Et ?? 0);
            intervals.Add(new IntervalSample
            {
                TimestampUtc = line.Timestamp ?? default,
                ElapsedSeconds = line.Et,
                SinceStartSeconds = phaseOffset + line.Et,
                Measured = measured,
                Orders = orders,
                TotalOrders = line.NOverall,
                Opm = line.Opm,
                IntervalOpm = Ds3Formulas.OrdersPerMinute(orders, seconds),
                Rollbacks = line.Rollbacks - (previous?.Rollbacks ?? 0),
            });
            previous = line;
            previousMeasured = measured;
        }

        return intervals;
    }

    private static List<TransactionStats> Transactions(IReadOnlyDictionary<string, string> final)
    {
        // (kind, count key, average key): DS3's exact spellings, typos included (docs/ds3-compatibility.md, "Driver output and formulas").
        (string Kind, string Count, string Average)[] steps =
        [
            ("Login", "n_login_overall", "rt_login_avg_msec"),
            ("NewCustomer", "n_newcust_overall", "rt_newcust_avg_msec"),
            ("NewMember", "n_newmember_overall", "rt_rewmember_avg_msec"),
            ("Browse", "n_browse_overall", "rt_browse_avg_msec"),
            ("ReviewBrowse", "n_reviewbrowse", "rt_reviewbrowse_avg_msec"),
            ("NewReview", "n_newreviews", "rt_newreview_avg_msec"),
            ("NewHelpfulness", "n_newhelpfulness", "rt_newhelpfulness"),
            ("Purchase", "n_purchase_overall", "rt_purchase_avg_msec"),
        ];
        return steps.Where(s => final.ContainsKey(s.Count))
            .Select(s => new TransactionStats { Kind = s.Kind, Count = Integer(final, s.Count), MeanMs = Average(final, s.Average) })
            .ToList();
    }

    /// <summary>DS3 prints int.MinValue for an average of zero calls (NaN cast to int): that is "no value".</summary>
    private static double Average(IReadOnlyDictionary<string, string> values, string key)
    {
        var value = Number(values, key);
        return value < 0 ? 0 : value;
    }

    private static double Number(IReadOnlyDictionary<string, string> values, string key) =>
        values.TryGetValue(key, out var text) ? Ds3PeriodicLine.Number(text.TrimEnd('%')) : 0;

    private static long Integer(IReadOnlyDictionary<string, string> values, string key)
    {
        var value = Math.Floor(Number(values, key));

        // Beyond long's range the cast is undefined; saturate so the figure check sees how big it was.
        return value >= 9.2e18 ? long.MaxValue : value <= -9.2e18 ? long.MinValue : (long)value;
    }
}
