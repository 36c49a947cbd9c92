using System.Data.Common;
using DvdStore.Schema.Connections;
using DvdStore.Schema.Engines;

namespace DvdStore.Loader.Store;

/// <summary>
/// The connections a store-wide read (fingerprint, verify, adoption, a full-fingerprint reset) may use at once: the
/// caller's own, plus up to <see cref="Parallel"/> − 1 more opened from <paramref name="target"/> while it runs. Pieces
/// of work are handed out one at a time to whichever connection is free, so a big table's key ranges keep every
/// connection busy; without a target (an in-memory database, a caller that has only a connection) everything runs on
/// the one connection, in order.
/// </summary>
public sealed class StoreReads(IEngine engine, DbConnection connection, StoreTarget? target, int parallel)
{
    public IEngine Engine { get; } = engine;

    /// <summary>The caller's connection: the first worker's, and the one small lookups (MIN/MAX of a key) use.</summary>
    public DbConnection Connection { get; } = connection;

    /// <summary>The store read, when the reads may open connections of their own (null for <see cref="Single"/>).</summary>
    public StoreTarget? Target => target;

    /// <summary>How many connections read at once (1 without a target).</summary>
    public int Parallel { get; } = target is null ? 1 : Math.Max(1, parallel);

    /// <summary>Reads on one connection only, as every store-wide read did before --parallel.</summary>
    public static StoreReads Single(IEngine engine, DbConnection connection) => new(engine, connection, null, 1);

    /// <summary>
    /// Runs every piece of work, on up to <see cref="Parallel"/> connections at once, and returns their results in the
    /// pieces' order (whatever order they finished in). The first failure cancels the rest and is thrown.
    /// <paramref name="finished"/> is called after each piece, from the worker that ran it.
    /// </summary>
    public async Task<T[]> RunAsync<T>(IReadOnlyList<Func<DbConnection, CancellationToken, Task<T>>> pieces, Action<T>? finished, CancellationToken cancellationToken)
    {
        var results = new T[pieces.Count];
        var workers = Math.Min(Parallel, pieces.Count);
        if (workers <= 1)
        {
            for (var i = 0; i < pieces.Count; i++)
            {
                results[i] = await pieces[i](Connection, cancellationToken).ConfigureAwait(false);
                finished?.Invoke(results[i]);
            }

            return results;
        }

        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var next = -1;
        var tasks = Enumerable.Range(0, workers).Select(w => WorkAsync(w == 0)).ToList();
        try
        {
            await Task.WhenAll(tasks).ConfigureAwait(false);
        }
        catch when (tasks.FirstOrDefault(t => t.IsFaulted && t.Exception!.InnerException is not OperationCanceledException) is { } failed)
        {
            // The failure that stopped the others, not the cancellations it caused.
            throw failed.Exception!.InnerException!;
        }

        return results;

        async Task WorkAsync(bool first)
        {
            try
            {
                DbConnection? own = first ? null : await target!.OpenAsync(stop.Token).ConfigureAwait(false);
                await using (own)
                {
                    int i;
                    while ((i = Interlocked.Increment(ref next)) < pieces.Count)
                    {
                        results[i] = await pieces[i](own ?? Connection, stop.Token).ConfigureAwait(false);
                        finished?.Invoke(results[i]);
                    }
                }
            }
            catch
            {
                await stop.CancelAsync().ConfigureAwait(false);
                throw;
            }
        }
    }
}
