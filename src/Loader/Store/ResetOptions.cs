using DvdStore.Loader.Pipeline;

namespace DvdStore.Loader.Store;

/// <summary>
/// How a reset ends: the touched-range check always; the whole-store fingerprint (reads every row) only on request,
/// on <paramref name="Parallel"/> connections (null: the server's CPUs, capped by its free connections), reporting
/// its rows read to <paramref name="FingerprintProgress"/> as <c>dvdstore fingerprint</c> does.
/// </summary>
public sealed record ResetOptions(bool FullFingerprint = false, int? Parallel = null, IProgress<LoadProgress>? FingerprintProgress = null);
