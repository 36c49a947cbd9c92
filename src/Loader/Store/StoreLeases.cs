using DvdStore.Schema.Connections;

namespace DvdStore.Loader.Store;

/// <summary>The leases of every database a run drives (a target given twice is leased once), released together.</summary>
public sealed class StoreLeases : IAsyncDisposable
{
    private readonly List<StoreLease> _leases;

    private readonly CancellationTokenSource _lost;

    private StoreLeases(List<StoreLease> leases)
    {
        _leases = leases;
        _lost = CancellationTokenSource.CreateLinkedTokenSource(leases.Select(static l => l.LostToken).ToArray());
    }

    /// <summary>True when any lease was lost (run out before a renewal, or taken).</summary>
    public bool AnyLost => _leases.Any(static l => l.Lost);

    /// <summary>Fires once when any lease is lost.</summary>
    public CancellationToken LostToken => _lost.Token;

    /// <summary>
    /// Why the run may not write now ("the store at X: its lease ran out …"), or null while every store is its own; a
    /// lease whose time ran out is renewed first (<see cref="StoreLease.CheckAsync"/>, which throws when it cannot ask).
    /// </summary>
    public async ValueTask<string?> CheckAsync(CancellationToken cancellationToken)
    {
        foreach (var lease in _leases)
        {
            if (await lease.CheckAsync(cancellationToken).ConfigureAwait(false) is { } reason)
            {
                return $"{lease.Target.RedactedConnection}: {reason}";
            }
        }

        return null;
    }

    /// <summary>Why the first lease lost was lost, or null.</summary>
    public string? LostReason => _leases.Select(static l => l.LostReason is { } reason ? $"{l.Target.RedactedConnection}: {reason}" : null).FirstOrDefault(static r => r is not null);

    /// <summary>The holders whose leases had run out unreleased when this run took their stores (they may have been paused, not dead).</summary>
    public IReadOnlyList<string> TookOverFrom => _leases.Select(static l => l.TookOverFrom).OfType<string>().ToList();

    /// <summary>Notes of holders that lost a store to this run while it held it: they may have written before they knew.</summary>
    public async Task<IReadOnlyList<string>> ReadLostToUsAsync(CancellationToken cancellationToken)
    {
        var notes = new List<string>();
        foreach (var lease in _leases)
        {
            notes.AddRange(await lease.ReadLostToUsAsync(cancellationToken).ConfigureAwait(false));
        }

        return notes;
    }

    /// <summary>Releases every lease now; returns one line per lease that could not be released.</summary>
    public async Task<IReadOnlyList<string>> ReleaseAsync()
    {
        var problems = new List<string>();
        foreach (var lease in _leases)
        {
            if (await lease.ReleaseAsync().ConfigureAwait(false) is { } problem)
            {
                problems.Add(problem);
            }
        }

        return problems;
    }

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
    public static string Holder(string what) => $"{what} (pid {Environment.ProcessId}, host {Environment.MachineName})";

    public async ValueTask DisposeAsync()
    {
        foreach (var lease in _leases)
        {
            await lease.DisposeAsync().ConfigureAwait(false);
        }

        _lost.Dispose();
    }
}
