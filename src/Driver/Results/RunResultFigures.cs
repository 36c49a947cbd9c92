using System.Globalization;
using DvdStore.Schema;

namespace DvdStore.Driver.Results;

/// <summary>
/// Refuses result figures no dvdstore run can write, as analyze refuses such figures in DS3 logs: a missing totals
/// section, a negative or non-finite time, count or rate, orders without a measured window, an opm that does
/// not follow from its orders and window, more committed orders or rollbacks than orders, and latency percentiles out
/// of order. A hand-edited or damaged file is left out instead of entering averages (an "opm": -50000 once pulled a
/// mean of repeats to -24498).
/// </summary>
internal static class RunResultFigures
{
    /// <summary>Percentiles of one histogram may differ by its rounding (3 significant digits): this much slack.</summary>
    private const double PercentileSlack = 0.01;

    public static void Check(RunResult result, string source)
    {
        // JSON leaves a section null when the file says "totals": null or omits it; no run writes either.
        if (result.Totals is null)
        {
            throw new UserError($"{source} has no totals section (missing or null), which every dvdstore run writes, so the file is left out; fix or remove it.");
        }

        var problem = TotalsProblem(result) ?? LatencyProblem(result);
        if (problem is not null)
        {
            throw new UserError($"{source}: {problem}, which no dvdstore run writes, so the file is left out; fix or remove it.");
        }
    }

    private static string? TotalsProblem(RunResult result)
    {
        var totals = result.Totals;
        var seconds = totals.MeasuredSeconds;
        var problem = !double.IsFinite(seconds) || seconds < 0 ? F($"measuredSeconds={seconds}")
            : FirstNegative(("opm", totals.Opm), ("committedOpm", totals.CommittedOpm), ("orders", totals.Orders), ("committedOrders", totals.CommittedOrders),
                ("rollbacks", totals.Rollbacks), ("errors", totals.Errors), ("reconnects", totals.Reconnects), ("users", totals.Users));
        if (problem is not null)
        {
            return $"totals has {problem}";
        }

        // Orders counted in no time: a window that measured something is longer than 0 s (an empty result may have none).
        if (seconds <= 0 && totals.Orders > 0)
        {
            return F($"totals has measuredSeconds={seconds} for {totals.Orders} orders (a measured window must be longer than 0 s)");
        }

        if (totals.CommittedOrders > totals.Orders)
        {
            return F($"totals has committedOrders={totals.CommittedOrders} above orders={totals.Orders}");
        }

        if (totals.Rollbacks > totals.Orders)
        {
            return F($"totals has rollbacks={totals.Rollbacks} above orders={totals.Orders} (more than 100 % rolled back)");
        }

        // opm is floor(60 × orders / measured seconds); a factor 2 of slack for rounding and the window's edges.
        if (seconds > 0)
        {
            var expected = 60.0 * totals.Orders / seconds;
            if (totals.Opm > (2 * expected) + 10 || totals.Opm < (expected / 2) - 10)
            {
                return F($"totals has opm={totals.Opm}, which does not follow from orders={totals.Orders} over measuredSeconds={seconds} (opm is 60 × orders / measuredSeconds = {expected:0.#})");
            }
        }

        return null;
    }

    /// <summary>The first latency summary whose percentiles are negative or out of order (p50 ≤ p90 ≤ p95 ≤ p99 ≤ p99.9 ≤ max).</summary>
    private static string? LatencyProblem(RunResult result)
    {
        var summaries = new List<(string Where, TransactionStats? Stats)> { ("orderResponse", result.OrderResponse) };
        summaries.AddRange((result.Transactions ?? []).Select(static t => ($"transactions[{t?.Kind}]", t)));
        if (result.OpenLoop is { } open)
        {
            summaries.Add(("openLoop.latency", open.Latency));
            summaries.Add(("openLoop.serviceTime", open.ServiceTime));
        }

        foreach (var (where, stats) in summaries)
        {
            if (stats is null || stats.Count == 0)
            {
                continue;
            }

            // A percentile of exactly 0 is one the file does not record (older results have no p999Ms): not a step of the ladder.
            (string Name, double Value)[] recorded = [("p50Ms", stats.P50Ms), ("p90Ms", stats.P90Ms), ("p95Ms", stats.P95Ms), ("p99Ms", stats.P99Ms), ("p999Ms", stats.P999Ms), ("maxMs", stats.MaxMs)];
            var ladder = recorded.Where(static p => p.Value != 0).ToArray();
            foreach (var (name, value) in recorded.Append(("meanMs", stats.MeanMs)))
            {
                if (!double.IsFinite(value) || value < 0)
                {
                    return F($"{where} has {name}={value}");
                }
            }

            for (var i = 1; i < ladder.Length; i++)
            {
                if (ladder[i].Value < (ladder[i - 1].Value * (1 - PercentileSlack)) - 0.001)
                {
                    return F($"{where} has {ladder[i - 1].Name}={ladder[i - 1].Value} above {ladder[i].Name}={ladder[i].Value} (percentiles must not fall)");
                }
            }
        }

        return null;
    }

    private static string? FirstNegative(params (string Name, long Value)[] figures) =>
        figures.Where(static f => f.Value < 0).Select(static f => F($"{f.Name}={f.Value}")).FirstOrDefault();

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
