using DvdStore.Analysis.Reading;
using DvdStore.Driver.Metrics;
using DvdStore.Driver.Results;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// Several drivers (or instances) that ran at once, summed over their common measured time window: each run's
/// OPM is recomputed from its intervals that lie wholly inside the window, then the rates are added.
/// </summary>
public sealed record ScaleOutWindow(DateTimeOffset Start, DateTimeOffset End, IReadOnlyList<(AnalyzedRun Run, double Opm, bool FromIntervals)> Members)
{
    public double AggregateOpm => Members.Sum(m => m.Opm);

    public double Seconds => (End - Start).TotalSeconds;

    public static ScaleOutWindow Of(IReadOnlyList<AnalyzedRun> runs)
    {
        var spans = runs.Select(r => (Run: r, Spans: Spans(r.Result))).ToList();
        var timed = spans.Where(s => s.Spans.Count > 0).ToList();
        var start = timed.Count > 0 ? timed.Max(s => s.Spans[0].Start) : default;
        var end = timed.Count > 0 ? timed.Min(s => s.Spans[^1].End) : default;
        var members = new List<(AnalyzedRun, double, bool)>();
        foreach (var (run, runSpans) in spans)
        {
            // Half a millisecond of slack: timestamps are written to the millisecond.
            var inside = runSpans.Where(s => s.Start >= start.AddMilliseconds(-0.5) && s.End <= end.AddMilliseconds(0.5)).ToList();
            var seconds = inside.Sum(s => (s.End - s.Start).TotalSeconds);
            members.Add(seconds > 0 ? (run, Ds3Formulas.OrdersPerMinute(inside.Sum(s => s.Orders), seconds), true) : (run, run.Opm, false));
        }

        return new ScaleOutWindow(start, end, members);
    }

    /// <summary>The measured intervals of a run as time spans (end = the interval's timestamp).</summary>
    public static List<(DateTimeOffset Start, DateTimeOffset End, long Orders)> Spans(RunResult result)
    {
        var spans = new List<(DateTimeOffset, DateTimeOffset, long)>();
        double previous = 0;
        foreach (var interval in result.Intervals.Where(i => i.Measured))
        {
            var length = interval.ElapsedSeconds - previous;
            previous = interval.ElapsedSeconds;
            if (interval.TimestampUtc == default || length <= 0)
            {
                continue;
            }

            spans.Add((interval.TimestampUtc.AddSeconds(-length), interval.TimestampUtc, interval.Orders));
        }

        return spans;
    }
}
