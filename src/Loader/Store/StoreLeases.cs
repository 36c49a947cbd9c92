using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>The leases of every database a run drives (a target given twice is leased once), released together.</summary>
public sealed class StoreLeases : IAsyncDisposable
{
    private readonly List<StoreLease> _leases;

    private StoreLeases(List<StoreLease> leases) => _leases = leases;

    /// <summary>True when any lease was broken by another process after it expired (a renewal found it gone).</summary>
    public bool AnyLost => _leases.Any(static l => l.Lost);

    /// <summary>Takes each distinct target's lease; on a refusal, releases those already taken and throws the refusal.</summary>
    public static async Task<StoreLeases> AcquireAsync(IEnumerable<StoreTarget> targets, string holder, CancellationToken cancellationToken)
    {
        var leases = new List<StoreLease>();
        try
        {
            foreach (var target in targets.DistinctBy(static t => t.ConnectionString))
            {
                leases.Add(await StoreLease.AcquireAsync(target, holder, null, cancellationToken).ConfigureAwait(false));
            }

            return new StoreLeases(leases);
        }
        catch
        {
            foreach (var lease in leases)
            {
                await lease.DisposeAsync().ConfigureAwait(false);
            }

            throw;
        }
    }

    /// <summary>Who a lease names: the command, an id, the process and the host.</summary>
    public static string Holder(string what) => $"{what} (pid {Environment.ProcessId} on {Environment.MachineName})";

    public async ValueTask DisposeAsync()
    {
        foreach (var lease in _leases)
        {
            await lease.DisposeAsync().ConfigureAwait(false);
        }
    }
}
