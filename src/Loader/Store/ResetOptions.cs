namespace DvdStore.Loader.Store;

/// <summary>How a reset ends: the touched-range check always; the whole-store fingerprint (reads every row) only on request.</summary>
public sealed record ResetOptions(bool FullFingerprint = false);
