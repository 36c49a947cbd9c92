using System.Collections.Concurrent;
using DvdStore.Driver.Results;

namespace DvdStore.Driver.Metrics;

/// <summary>
/// Why orders were abandoned: each distinct failure message (its first line, which names the call) counted over the
/// whole run. Failures are rare next to calls, so one shared concurrent map costs nothing on the recording path; it
/// keeps at most <see cref="MaxDistinct"/> messages so a message carrying ids cannot grow it without bound.
/// </summary>
public sealed class ErrorCauses
{
    public const int MaxDistinct = 20;

    /// <summary>The cause reported for failures past <see cref="MaxDistinct"/> distinct messages.</summary>
    public const string OtherCauses = "(other causes)";

    private readonly ConcurrentDictionary<string, long> counts = new(StringComparer.Ordinal);
    private long other;

    public void Add(string message)
    {
        var cause = message.Split('\n', 2)[0].Trim();
        if (counts.Count >= MaxDistinct && !counts.ContainsKey(cause))
        {
            Interlocked.Increment(ref other);
            return;
        }

        counts.AddOrUpdate(cause, 1, static (_, n) => n + 1);
    }

    /// <summary>The causes so far, most frequent first.</summary>
    public IReadOnlyList<ErrorCause> Snapshot()
    {
        var causes = counts.Select(static c => new ErrorCause { Cause = c.Key, Count = c.Value }).ToList();
        var rest = Interlocked.Read(ref other);
        if (rest > 0)
        {
            causes.Add(new ErrorCause { Cause = OtherCauses, Count = rest });
        }

        return causes.OrderByDescending(static c => c.Count).ThenBy(static c => c.Cause, StringComparer.Ordinal).ToList();
    }
}
