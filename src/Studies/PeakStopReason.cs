namespace DvdStore.Studies;

/// <summary>Why a peak search ended.</summary>
public enum PeakStopReason
{
    /// <summary>A step grew OPM by less than the threshold: throughput has topped out.</summary>
    Plateau,

    /// <summary>Every user count was run and OPM was still growing: the peak may lie beyond.</summary>
    StepsExhausted,
}
