namespace DvdStore.Loader.Store;

/// <summary>A store's fingerprint now, next to the one recorded when it was loaded.</summary>
public sealed record FingerprintComparison(StoreFingerprint Current, StoreFingerprint? Recorded)
{
    public bool Matches => Recorded is not null && Current.Value == Recorded.Value;

    /// <summary>Tables whose count or hash differ from the recorded ones.</summary>
    public IEnumerable<string> DifferingTables => Current.Tables
        .Where(t => Recorded?.Tables.FirstOrDefault(r => r.Table == t.Table) != t)
        .Select(t => t.Table);

    public static async Task<FingerprintComparison> ReadAsync(StoreReads reads, StoreInfo info, Action<TableFingerprint>? sliceRead, CancellationToken cancellationToken)
    {
        var current = await StoreFingerprint.ReadAsync(reads, sliceRead, cancellationToken).ConfigureAwait(false);
        var detail = info.Get(StoreInfo.FingerprintDetailKey);
        return new FingerprintComparison(current, string.IsNullOrEmpty(detail) ? null : StoreFingerprint.ParseDetail(detail));
    }
}
