using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>
/// Wait samples added up over a stretch of time: how many samples, how many sessions were seen in each event, and the
/// engine's own cumulative wait seconds gained (with the seconds those deltas cover). Tallies of shorter stretches merge
/// into a window's; <see cref="ToWaits"/> turns a window's tally into the result's figures.
/// </summary>
public sealed class WaitTally
{
    private readonly Dictionary<string, (WaitClass Class, long Count)> events = new(StringComparer.Ordinal);
    private readonly Dictionary<string, (WaitClass Class, double Seconds)> totals = new(StringComparer.Ordinal);

    public int Samples { get; private set; }

    /// <summary>Seconds covered by the engine-total deltas added.</summary>
    public double TotalsSeconds { get; private set; }

    /// <summary>One sample: the sessions active at one instant.</summary>
    public void AddSample(IEnumerable<SessionWait> sessions)
    {
        Samples++;
        foreach (var session in sessions)
        {
            events[session.Event] = (session.Class, (events.TryGetValue(session.Event, out var seen) ? seen.Count : 0) + 1);
        }
    }

    /// <summary>The engine's totals gained between two reads <paramref name="seconds"/> apart (events that went backwards are left out).</summary>
    public void AddTotals(IReadOnlyDictionary<string, WaitTotal> before, IReadOnlyDictionary<string, WaitTotal> after, double seconds)
    {
        TotalsSeconds += seconds;
        foreach (var (name, now) in after)
        {
            var gained = now.Seconds - (before.TryGetValue(name, out var earlier) ? earlier.Seconds : 0);
            if (gained > 0)
            {
                totals[name] = (now.Class, (totals.TryGetValue(name, out var sum) ? sum.Seconds : 0) + gained);
            }
        }
    }

    public void Merge(WaitTally other)
    {
        Samples += other.Samples;
        TotalsSeconds += other.TotalsSeconds;
        foreach (var (name, (waitClass, count)) in other.events)
        {
            events[name] = (waitClass, (events.TryGetValue(name, out var seen) ? seen.Count : 0) + count);
        }

        foreach (var (name, (waitClass, seconds)) in other.totals)
        {
            totals[name] = (waitClass, (totals.TryGetValue(name, out var sum) ? sum.Seconds : 0) + seconds);
        }
    }

    /// <summary>The window's figures; null when no sample was taken in it.</summary>
    public ServerWaits? ToWaits()
    {
        if (Samples == 0)
        {
            return null;
        }

        double PerSample(long count) => (double)count / Samples;
        var classes = events.Values.GroupBy(e => e.Class)
            .OrderBy(g => g.Key)
            .ToDictionary(g => g.Key.Key(), g => PerSample(g.Sum(e => e.Count)), StringComparer.Ordinal);
        return new ServerWaits
        {
            Samples = Samples,
            ActiveSessions = PerSample(events.Values.Sum(e => e.Count)),
            Classes = classes,
            Top = events.OrderByDescending(e => e.Value.Count).ThenBy(e => e.Key, StringComparer.Ordinal).Take(ServerWaits.TopCount)
                .Select(e => new WaitEventShare(e.Key, e.Value.Class.Key(), PerSample(e.Value.Count))).ToList(),
            EngineTotals = TotalsSeconds > 0
                ? totals.OrderByDescending(t => t.Value.Seconds).ThenBy(t => t.Key, StringComparer.Ordinal).Take(ServerWaits.TopCount)
                    .Select(t => new WaitEventTime(t.Key, t.Value.Class.Key(), t.Value.Seconds / TotalsSeconds)).ToList()
                : null,
        };
    }
}
