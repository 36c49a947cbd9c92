using System.Globalization;
using DvdStore.Driver.Parameters;
using DvdStore.Schema;

namespace DvdStore.Driver.Results;

/// <summary>
/// A latency limit for rate runs, e.g. <c>p99=200ms</c>: the chosen percentile of the order latency (from the scheduled
/// start) must stay within <see cref="Limit"/> in every measured interval, and the rate must be delivered. The SLA OPM
/// of a rate sweep is the highest rate that holds it.
/// </summary>
/// <param name="Percentile">0 &lt; percentile &lt; 100 (99, 99.9, 95).</param>
public sealed record LatencySla(double Percentile, TimeSpan Limit)
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>"p99 ≤ 200 ms".</summary>
    public override string ToString() => string.Create(Inv, $"p{Percentile:0.###} ≤ {Limit.TotalMilliseconds:0.###} ms");

    /// <summary>Reads <c>p99=200ms</c> (any percentile above 0 and below 100, any duration); one-line <see cref="UserError"/> otherwise.</summary>
    public static LatencySla Parse(string shown, string text)
    {
        var parts = text.Trim().Split('=', 2, StringSplitOptions.TrimEntries);
        if (parts.Length != 2 || !parts[0].StartsWith('p') || !double.TryParse(parts[0][1..], NumberStyles.AllowDecimalPoint, Inv, out var percentile) || percentile is <= 0 or >= 100)
        {
            throw new UserError($"{shown} {text}: give a percentile and a limit, e.g. p99=200ms or p99.9=1s");
        }

        var limit = DurationText.Parse(shown, parts[1]);
        return limit > TimeSpan.Zero ? new LatencySla(percentile, limit) : throw new UserError($"{shown} {text}: the limit must be above 0, e.g. p99=200ms");
    }

    /// <summary>
    /// The worst of the measured intervals' chosen latency percentile (ms); an interval in which no order ended while
    /// starts waited counts with its lag. Null when the run was no rate run or had no measured interval.
    /// </summary>
    public double? WorstIntervalMs(RunResult result)
    {
        if (result.OpenLoop is null)
        {
            return null;
        }

        double? worst = null;
        foreach (var interval in result.Intervals.Where(static i => i.Measured))
        {
            var histogram = HistogramCodec.Decode(interval.LatencyHistogram ?? "");
            var ms = histogram.TotalCount > 0 ? HistogramCodec.PercentileMs(histogram, Percentile) : interval.Backlog > 0 ? interval.LagMs ?? 0 : 0;
            worst = Math.Max(worst ?? 0, ms);
        }

        return worst;
    }

    /// <summary>True when the run was a rate run that delivered its rate and kept the percentile within the limit in every measured interval.</summary>
    public bool HeldIn(RunResult result) =>
        WorstIntervalMs(result) is { } worst && worst <= Limit.TotalMilliseconds && result.OpenLoop!.Limit is null;
}
