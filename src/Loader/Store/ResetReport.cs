namespace DvdStore.Loader.Store;

/// <summary>
/// What a reset removed (rows per table), the inventory rows it restored, the check of the key ranges runs touched
/// (always), the whole-store fingerprint comparison (only when asked for: it reads every row), and how long it took.
/// </summary>
public sealed record ResetReport(
    IReadOnlyDictionary<string, long> Deleted,
    long InventoryRestored,
    TouchedRangeCheck Check,
    FingerprintComparison? Fingerprint,
    TimeSpan Elapsed)
{
    /// <summary>True when the touched ranges are as loaded and, if it was read, the whole-store fingerprint matches too.</summary>
    public bool Matches => Check.Matches && Fingerprint?.Matches != false;
}
