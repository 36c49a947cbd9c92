using System.Globalization;
using DvdStore.Driver.Results;

namespace DvdStore.Driver.Running;

/// <summary>
/// Spans of the run a mean hides: a stall (log intervals in a row where users were running yet no order completed,
/// e.g. a frozen server) and a reconnect storm (intervals in a row where connections were lost and re-opened), each
/// reported with when it happened and how long it lasted.
/// </summary>
public static class StallFindings
{
    private static readonly CultureInfo Inv = CultureInfo.InvariantCulture;

    /// <summary>A span shorter than this is no stall: a few quiet seconds happen with few users.</summary>
    private const double MinStallSeconds = 5;

    public static IEnumerable<Finding> Assess(IReadOnlyList<IntervalSample> intervals, double thinkTimeSeconds)
    {
        // Users think up to twice the mean between orders: a quiet span must outlast several such pauses to be a stall.
        var minimum = Math.Max(MinStallSeconds, 4 * thinkTimeSeconds);
        foreach (var (from, to, _) in Spans(intervals, static i => i.Orders == 0 && i.Users > 0))
        {
            // Half a second of slack: log timers fire a little early or late, and a 5 s interval can measure 4.99996 s.
            if (to - from >= minimum - 0.5)
            {
                var users = intervals.Where(i => i.SinceStartSeconds > from && i.SinceStartSeconds <= to).Max(static i => i.Users);
                yield return new Finding("stall", FindingSeverity.Warning, string.Create(Inv,
                    $"no order completed for {to - from:F0} s (from {from:F0} s to {to:F0} s after the start) while {users} user(s) were running: the server or the network stopped answering."));
            }
        }

        foreach (var (from, to, reconnects) in Spans(intervals, static i => i.Reconnects > 0))
        {
            if (reconnects >= 2)
            {
                yield return new Finding("reconnect-storm", FindingSeverity.Warning, string.Create(Inv,
                    $"{reconnects} connections were lost and re-opened in {to - from:F0} s (from {from:F0} s to {to:F0} s after the start); orders in that span were slowed or abandoned."));
            }
        }
    }

    /// <summary>Runs of consecutive intervals matching <paramref name="matches"/>: start and end (seconds since start) and reconnects.</summary>
    private static IEnumerable<(double From, double To, long Reconnects)> Spans(IReadOnlyList<IntervalSample> intervals, Func<IntervalSample, bool> matches)
    {
        double? from = null;
        double to = 0;
        long reconnects = 0;
        var previousEnd = 0.0;
        foreach (var interval in intervals)
        {
            if (matches(interval))
            {
                from ??= previousEnd;
                to = interval.SinceStartSeconds;
                reconnects += interval.Reconnects;
            }
            else if (from is { } start)
            {
                yield return (start, to, reconnects);
                from = null;
                reconnects = 0;
            }

            previousEnd = interval.SinceStartSeconds;
        }

        if (from is { } last)
        {
            yield return (last, to, reconnects);
        }
    }
}
