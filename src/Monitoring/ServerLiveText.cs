using System.Globalization;

namespace DvdStore.Monitoring;

/// <summary>The server's piece of the driver's live progress line.</summary>
public static class ServerLiveText
{
    /// <summary>e.g. "srv cpu 63% cpuset 91% iops 1520 tpm 9120"; empty when nothing was measured in the interval.</summary>
    public static string For(ServerIntervalMetrics? figures)
    {
        if (figures is null)
        {
            return "";
        }

        // A piece for each figure measured; the others are left out.
        string?[] parts =
        [
            figures.CpuPercent is { } cpu ? F($"srv cpu {cpu:0}%") : null,
            figures.CpuSetPercent is { } set ? F($"cpuset {set:0}%") : null,
            figures.Iops is { } iops ? F($"iops {iops:0}") : null,
            figures.EngineTpm is { } tpm ? F($"tpm {tpm:0}") : null,
        ];
        return string.Join(' ', parts.OfType<string>());
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
