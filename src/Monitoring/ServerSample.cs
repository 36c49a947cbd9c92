namespace DvdStore.Monitoring;

/// <summary>What the server did between two calls of <see cref="ServerMetricsSampler.SampleAsync"/>.</summary>
public sealed record ServerSample
{
    public DateTimeOffset TimestampUtc { get; init; }

    /// <summary>Seconds since the previous sample (0 for the baseline).</summary>
    public double IntervalSeconds { get; init; }

    /// <summary>Null when host metrics are off or unavailable.</summary>
    public HostSample? Host { get; init; }

    /// <summary>Null when engine counters are unavailable (SQLite) or could not be read.</summary>
    public EngineSample? Engine { get; init; }

    /// <summary>Problems met since the previous sample, one line each, each said once (print them as warnings).</summary>
    public IReadOnlyList<string> Warnings { get; init; } = [];

    /// <summary>
    /// A short piece for the live progress line, e.g. "srv cpu 63% iops 1520 tpm 9120": the text a run's live line shows
    /// for an interval of this one sample; empty when nothing was measured (the baseline).
    /// </summary>
    public string LiveText() => ServerLiveText.For(IntervalSeconds > 0 ? ServerAverages.Of([this]).Figures : null);
}
