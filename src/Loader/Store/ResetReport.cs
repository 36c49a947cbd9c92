namespace DvdStore.Loader.Store;

/// <summary>What a reset removed (rows per table), the inventory rows it restored, and the fingerprint comparison after it.</summary>
public sealed record ResetReport(IReadOnlyDictionary<string, long> Deleted, long InventoryRestored, FingerprintComparison Fingerprint, TimeSpan Elapsed);
