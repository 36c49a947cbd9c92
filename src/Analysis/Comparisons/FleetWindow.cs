using DvdStore.Analysis.Reading;
using DvdStore.Driver.Metrics;

namespace DvdStore.Analysis.Comparisons;

/// <summary>
/// A fleet's common measured window: from the last driver's first measured moment to the first driver's last. Each
/// driver's orders in it are its intervals' orders, an interval cut by the window counted pro rata (drivers start
/// milliseconds apart, so their intervals never line up exactly); the fleet's OPM is the sum of the drivers' rates.
/// </summary>
public sealed record FleetWindow(DateTimeOffset Start, DateTimeOffset End, IReadOnlyList<(AnalyzedRun Run, double Opm)> Members)
{
    public double Seconds => Math.Max(0, (End - Start).TotalSeconds);

    public double MergedOpm => Members.Sum(static m => m.Opm);

    public static FleetWindow Of(IReadOnlyList<AnalyzedRun> runs)
    {
        var spans = runs.Select(static r => (Run: r, Spans: ScaleOutWindow.Spans(r.Result))).ToList();
        var timed = spans.Where(static s => s.Spans.Count > 0).ToList();
        if (timed.Count == 0)
        {
            return new FleetWindow(default, default, runs.Select(static r => (r, r.Opm)).ToList());
        }

        var start = timed.Max(static s => s.Spans[0].Start);
        var end = timed.Min(static s => s.Spans[^1].End);
        var seconds = (end - start).TotalSeconds;
        var members = new List<(AnalyzedRun, double)>();
        foreach (var (run, runSpans) in spans)
        {
            double orders = 0;
            foreach (var (from, to, count) in runSpans)
            {
                var overlap = (Min(to, end) - Max(from, start)).TotalSeconds;
                if (overlap > 0)
                {
                    orders += count * overlap / (to - from).TotalSeconds;
                }
            }

            members.Add((run, Ds3Formulas.OrdersPerMinute(orders, seconds)));
        }

        return new FleetWindow(start, end, members);
    }

    private static DateTimeOffset Min(DateTimeOffset a, DateTimeOffset b) => a < b ? a : b;

    private static DateTimeOffset Max(DateTimeOffset a, DateTimeOffset b) => a > b ? a : b;
}
