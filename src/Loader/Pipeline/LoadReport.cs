using DvdStore.Loader.Store;

namespace DvdStore.Loader.Pipeline;

/// <summary>What a load built: exact row counts, as-loaded id maxima, fingerprint and the time of each step.</summary>
public sealed record LoadReport(
    LoadOptions Options,
    IReadOnlyDictionary<string, long> Rows,
    IReadOnlyDictionary<string, long> MaxIds,
    StoreFingerprint Fingerprint,
    IReadOnlyList<StepTiming> Steps,
    TimeSpan Total)
{
    public long TotalRows => Rows.Values.Sum();
}
