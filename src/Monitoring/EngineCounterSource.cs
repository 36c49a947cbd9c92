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
    private readonly OwnConnection connection;

    /// <param name="timeout">How long one read (connecting included) may take before it counts as failed; default 10 s.</param>
    public EngineCounterSource(IEngineCounters counters, Func<CancellationToken, Task<DbConnection>> open, TimeSpan? timeout = null)
    {
        this.counters = counters;
        connection = new OwnConnection(open, timeout ?? TimeSpan.FromSeconds(10), "the counter query");
    }

    public Task<EngineCounterSnapshot> ReadAsync(CancellationToken cancellationToken) =>
        connection.UseAsync((c, _, token) => counters.ReadAsync(c, token), cancellationToken);

    public ValueTask DisposeAsync() => connection.DisposeAsync();
}
