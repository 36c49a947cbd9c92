using System.Diagnostics;
using DvdStore.Loader.Pipeline;
using DvdStore.Schema.Model;

namespace DvdStore.Loader.Store;

/// <summary>A store's fingerprint now, next to the one recorded when it was loaded.</summary>
public sealed record FingerprintComparison(StoreFingerprint Current, StoreFingerprint? Recorded)
{
    public bool Matches => Recorded is not null && Current.Value == Recorded.Value;

    /// <summary>Tables whose count or hash differ from the recorded ones.</summary>
    public IEnumerable<string> DifferingTables => Current.Tables
        .Where(t => Recorded?.Tables.FirstOrDefault(r => r.Table == t.Table) != t)
        .Select(t => t.Table);

    /// <summary>Reads the fingerprint now; <paramref name="progress"/> hears the rows hashed of those the load recorded.</summary>
    public static async Task<FingerprintComparison> ReadAsync(StoreReads reads, StoreInfo info, IProgress<LoadProgress>? progress, CancellationToken cancellationToken)
    {
        var expected = StoreModel.Ds3Tables.Sum(t => info.GetLong(StoreInfo.CountKey(t.Name)) ?? 0);
        var clock = Stopwatch.StartNew();
        var hashed = 0L;
        var current = await StoreFingerprint.ReadAsync(reads, progress is null ? null : slice =>
        {
            var rows = Interlocked.Add(ref hashed, slice.Rows);
            progress.Report(new LoadProgress("fingerprint", "fingerprint (rows)", rows, Math.Max(expected, rows), 0, clock.Elapsed, Done: false));
        }, cancellationToken).ConfigureAwait(false);
        progress?.Report(new LoadProgress("fingerprint", "fingerprint (rows)", hashed, hashed, 0, clock.Elapsed, Done: true));
        var detail = info.Get(StoreInfo.FingerprintDetailKey);
        return new FingerprintComparison(current, string.IsNullOrEmpty(detail) ? null : StoreFingerprint.ParseDetail(detail));
    }
}
