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

        var parts = new List<string>();
        if (figures.CpuPercent is { } cpu)
        {
            parts.Add(F($"srv cpu {cpu:0}%"));
        }

        if (figures.CpuSetPercent is { } set)
        {
            parts.Add(F($"cpuset {set:0}%"));
        }

        if (figures.Iops is { } iops)
        {
            parts.Add(F($"iops {iops:0}"));
        }

        if (figures.EngineTpm is { } tpm)
        {
            parts.Add(F($"tpm {tpm:0}"));
        }

        return string.Join(' ', parts);
    }

    private static string F(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
