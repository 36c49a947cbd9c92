using System.Data.Common;
using DvdStore.Schema.Engines;

namespace DvdStore.Monitoring;

/// <summary>
/// Reads an engine's counters on a connection of its own, opened on first use and kept for the run, so the
/// sampler never borrows a virtual user's connection. A failed read drops the connection; the next read reopens it.
/// </summary>
public sealed class EngineCounterSource : IAsyncDisposable
{
    private readonly IEngineCounters counters;
    private readonly Func<CancellationToken, Task<DbConnection>> open;
    private readonly TimeSpan timeout;
    private DbConnection? connection;

    /// <param name="timeout">How long one read (connecting included) may take before it counts as failed; default 10 s.</param>
    public EngineCounterSource(IEngineCounters counters, Func<CancellationToken, Task<DbConnection>> open, TimeSpan? timeout = null)
    {
        this.counters = counters;
        this.open = open;
        this.timeout = timeout ?? TimeSpan.FromSeconds(10);
    }

    public async Task<EngineCounterSnapshot> ReadAsync(CancellationToken cancellationToken)
    {
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        limit.CancelAfter(timeout);
        try
        {
            connection ??= await open(limit.Token).ConfigureAwait(false);
            return await counters.ReadAsync(connection, limit.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested)
        {
            // A stuck server must not hold the sampler: drop the connection and let the next interval reconnect.
            await DropAsync().ConfigureAwait(false);
            if (limit.IsCancellationRequested)
            {
                throw new TimeoutException($"the counter query took over {timeout.TotalSeconds.ToString("0.##", System.Globalization.CultureInfo.InvariantCulture)} s", e);
            }

            throw;
        }
    }

    public ValueTask DisposeAsync() => DropAsync();

    private async ValueTask DropAsync()
    {
        if (connection is not null)
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            connection = null;
        }
    }
}
