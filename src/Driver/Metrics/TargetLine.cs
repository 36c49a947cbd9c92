namespace DvdStore.Driver.Metrics;

/// <summary>DS3's periodic numbers for the whole run or one target (docs/ds3-compatibility.md, "Driver output and formulas"), since the phase start.</summary>
public sealed record TargetLine(
    long Orders,
    long Opm,
    long LastNMaxMs,
    long AverageMs,
    long SampledMs,
    long Rollbacks,
    double RollbackPercent,
    long CommittedOrders);
