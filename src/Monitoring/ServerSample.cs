using System.Globalization;

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

    /// <summary>A short piece for the live progress line, e.g. "srv cpu 63% iops 1520 tpm 9120"; empty when nothing was measured.</summary>
    public string LiveText()
    {
        var parts = new List<string>();
        if (Host is { } host)
        {
            parts.Add(string.Create(CultureInfo.InvariantCulture, $"srv cpu {host.CpuPercent:0}%"));
            if (host.CpuSetPercent is { } set)
            {
                parts.Add(string.Create(CultureInfo.InvariantCulture, $"cpuset {set:0}%"));
            }

            if (host.Disk is { } disk)
            {
                parts.Add(string.Create(CultureInfo.InvariantCulture, $"iops {disk.Iops:0}"));
            }
        }

        if (Engine?.Tpm is { } tpm)
        {
            parts.Add(string.Create(CultureInfo.InvariantCulture, $"tpm {tpm:0}"));
        }

        return string.Join(' ', parts);
    }
}
