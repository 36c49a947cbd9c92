namespace DvdStore.Studies;

/// <summary>The steps a peak search ran, the one with the highest OPM, and why it stopped.</summary>
public sealed record PeakSearch(IReadOnlyList<PeakStep> Steps, PeakStopReason StopReason)
{
    public PeakStep Peak => Steps.MaxBy(static s => s.Opm)!;
}
