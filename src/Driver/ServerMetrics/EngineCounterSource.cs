using System.Data.Common;
using DvdStore.Schema.Engines;

namespace DvdStore.Driver.ServerMetrics;

/// <summary>
/// Reads an engine's counters on a connection of its own, opened on first use and kept for the run, so the
/// sampler never borrows a virtual user's connection. A failed read drops the connection; the next read reopens it.
/// </summary>
public sealed class EngineCounterSource : IAsyncDisposable
{
    private readonly IEngineCounters counters;
    private readonly Func<CancellationToken, Task<DbConnection>> open;
    private DbConnection? connection;

    public EngineCounterSource(IEngineCounters counters, Func<CancellationToken, Task<DbConnection>> open)
    {
        this.counters = counters;
        this.open = open;
    }

    public async Task<EngineCounterSnapshot> ReadAsync(CancellationToken cancellationToken)
    {
        try
        {
            connection ??= await open(cancellationToken).ConfigureAwait(false);
            return await counters.ReadAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception) when (!cancellationToken.IsCancellationRequested)
        {
            await DropAsync().ConfigureAwait(false);
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
