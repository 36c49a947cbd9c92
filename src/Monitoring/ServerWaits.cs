using System.Globalization;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>
/// Where the store's sessions spent a window (an interval, or the measured window), from wait samples taken many times
/// a second: the average number of active sessions in each wait class (their sum is the average active sessions), the
/// events that held the most, and, where the engine keeps them, its own cumulative wait totals over the window.
/// </summary>
public sealed class ServerWaits
{
    /// <summary>Samples taken in the window.</summary>
    public int Samples { get; init; }

    /// <summary>Average sessions active (running or waiting) per sample.</summary>
    public double ActiveSessions { get; init; }

    /// <summary>Average active sessions by class key (cpu, lock, latch, dataRead, logWrite, client, other); classes never seen are left out.</summary>
    public IReadOnlyDictionary<string, double> Classes { get; init; } = new Dictionary<string, double>();

    /// <summary>The events that held the most active sessions, most first (at most <see cref="TopCount"/>).</summary>
    public IReadOnlyList<WaitEventShare> Top { get; init; } = [];

    /// <summary>
    /// The engine's own cumulative wait time per event over the window, as seconds waited per second, most first (SQL Server's
    /// dm_os_wait_stats, Oracle's v$system_event; all the server's sessions); null where the engine keeps none.
    /// </summary>
    public IReadOnlyList<WaitEventTime>? EngineTotals { get; init; }

    public const int TopCount = 5;

    /// <summary>The average active sessions in <paramref name="waitClass"/> (0 when never seen).</summary>
    public double Of(WaitClass waitClass) => Classes.TryGetValue(waitClass.Key(), out var value) ? value : 0;

    /// <summary>
    /// The run summary's line, e.g. "2.41 active sessions: CPU 1.52, lock 0.61, log/commit write 0.20; top Lock:transactionid 0.61"
    /// (the three largest classes and the largest non-CPU event).
    /// </summary>
    public string SummaryLine()
    {
        var classes = WaitClasses.All.Select(c => (Class: c, Value: Of(c))).Where(c => c.Value > 0).OrderByDescending(c => c.Value).Take(3)
            .Select(c => F($"{c.Class.Label()} {c.Value:0.00}"));
        var line = F($"{ActiveSessions:0.00} active sessions") + (ActiveSessions > 0 ? ": " + string.Join(", ", classes) : "");
        var top = Top.FirstOrDefault(e => e.Class != WaitClasses.CpuKey);
        return top is null ? line : line + F($"; top {top.Event} {top.ActiveSessions:0.00}");
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}

/// <summary>One wait event's share of a window: its engine name, class key and average active sessions.</summary>
public sealed record WaitEventShare(string Event, string Class, double ActiveSessions);

/// <summary>One event of the engine's cumulative totals over a window: seconds waited per second of the window.</summary>
public sealed record WaitEventTime(string Event, string Class, double SecondsPerSecond);
