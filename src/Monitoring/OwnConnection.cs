using System.Data.Common;
using System.Globalization;

namespace DvdStore.Monitoring;

/// <summary>
/// A connection a sampler keeps to itself for the run (opened on first use), so it never borrows a virtual user's. Each
/// use has a time limit; a use that fails or overruns drops the connection, and the next use reopens it.
/// </summary>
public sealed class OwnConnection : IAsyncDisposable
{
    private readonly Func<CancellationToken, Task<DbConnection>> open;
    private readonly TimeSpan timeout;
    private readonly string what;
    private DbConnection? connection;

    /// <param name="what">What one use is, for the timeout's message, e.g. "the counter query".</param>
    /// <param name="timeout">How long one use (connecting included) may take before it counts as failed.</param>
    public OwnConnection(Func<CancellationToken, Task<DbConnection>> open, TimeSpan timeout, string what)
    {
        this.open = open;
        this.timeout = timeout;
        this.what = what;
    }

    /// <summary>Runs <paramref name="use"/> on the connection; its flag is true on a connection opened for this use.</summary>
    public async Task<T> UseAsync<T>(Func<DbConnection, bool, CancellationToken, Task<T>> use, CancellationToken cancellationToken)
    {
        using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        limit.CancelAfter(timeout);
        try
        {
            var fresh = connection is null;
            connection ??= await open(limit.Token).ConfigureAwait(false);
            return await use(connection, fresh, limit.Token).ConfigureAwait(false);
        }
        catch (Exception e) when (!cancellationToken.IsCancellationRequested)
        {
            // A stuck server must not hold the sampler: drop the connection and let the next use reconnect.
            await DropAsync().ConfigureAwait(false);
            if (limit.IsCancellationRequested)
            {
                throw new TimeoutException($"{what} took over {timeout.TotalSeconds.ToString("0.##", CultureInfo.InvariantCulture)} s", e);
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
