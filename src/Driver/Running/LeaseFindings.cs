using System.Globalization;
using DvdStore.Driver.Results;
using DvdStore.Loader.Store;

namespace DvdStore.Driver.Running;

/// <summary>
/// What the store's lease says about a run's end (issue 31): a run that lost its lease (paused or cut off past it, or
/// found it taken) is failed with <c>lease-lost</c> and makes no cross-check, since another client may have written since;
/// a run that took the store from a holder whose lease had run out, or that such a holder left a note for, names it
/// (<c>store-shared</c>) instead of calling a difference lost orders.
/// </summary>
public static class LeaseFindings
{
    public const string LostCode = "lease-lost";
    public const string SharedCode = "store-shared";

    /// <summary>The message every user stops with when the run is fenced.</summary>
    public static string Fenced(string reason) => "the run lost its hold on the store: " + reason;

    public static Finding Lost(string reason) => new(LostCode, FindingSeverity.Error,
        $"{Fenced(reason)}; its users were stopped at once and no cross-check was made (another client may have written to the store since).");

    /// <summary>
    /// At the run's end, once the store is counted: the other clients that wrote during the run, named (or else the
    /// cross-check's own finding), then every lease released at once, whatever the outcome; one that cannot be (rights
    /// revoked, database down) is said in one line and a <c>lease-held</c> finding with the time it runs out.
    /// </summary>
    public static async Task AddAtEndAsync(StoreLeases? leases, CrossCheck? check, RunFindings findings, TextWriter output)
    {
        var shared = leases is null ? null : Shared(await ReadLostToUsAsync(leases).ConfigureAwait(false), leases.TookOverFrom, check);
        if (shared is not null)
        {
            findings.Add(shared);
        }
        else
        {
            findings.AddCrossCheck(check);
        }

        IReadOnlyList<string> unreleased = leases is null ? [] : await leases.ReleaseAsync().ConfigureAwait(false);
        foreach (var problem in unreleased)
        {
            await output.WriteLineAsync(problem).ConfigureAwait(false);
            findings.Add(new Finding("lease-held", FindingSeverity.Warning, problem + "."));
        }
    }

    /// <summary>
    /// The other clients that may have written during the run (notes they left when they found the store taken, else the
    /// holder whose run-out lease this run broke when the orders do not add up), as a finding; null when there are none.
    /// </summary>
    public static Finding? Shared(IReadOnlyList<string> lostToUs, IReadOnlyList<string> tookOverFrom, CrossCheck? check)
    {
        var mismatch = check is { Matches: false };
        var others = lostToUs.Count > 0
            ? lostToUs
            : mismatch ? tookOverFrom.Select(static h => $"{h}, whose lease had run out unreleased when this run took the store").ToList() : [];
        if (others.Count == 0)
        {
            return null;
        }

        var verdict = mismatch
            ? string.Create(CultureInfo.InvariantCulture, $"the database gained {check!.DatabaseGained} orders but the driver committed {check.DriverCommitted}: the difference is that client's writes, not lost orders; the run's figures are not of this driver alone")
            : "the orders add up, so it wrote nothing while this run counted";
        return new Finding(SharedCode, mismatch ? FindingSeverity.Error : FindingSeverity.Warning,
            $"another client wrote to the store during this run, or may have: {string.Join("; ", others)}; {verdict}.");
    }

    /// <summary>
    /// Whether the run still held its stores when it ended (a lease run out by the clock is renewed first); a lease that
    /// cannot be asked about counts as lost: another client may have written since.
    /// </summary>
    public static async Task<string?> CheckAtEndAsync(StoreLeases leases)
    {
        try
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            return await leases.CheckAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is System.Data.Common.DbException or InvalidOperationException or TimeoutException or OperationCanceledException)
        {
            return leases.LostReason ?? $"its lease ran out and could not be renewed ({e.Message.Split('\n')[0].Trim().TrimEnd('.')})";
        }
    }

    /// <summary>Notes of clients that lost the store to this run; none when the database cannot be read (the cross-check says so).</summary>
    private static async Task<IReadOnlyList<string>> ReadLostToUsAsync(StoreLeases leases)
    {
        try
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
            return await leases.ReadLostToUsAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (e is System.Data.Common.DbException or InvalidOperationException or TimeoutException or OperationCanceledException)
        {
            return [];
        }
    }
}
