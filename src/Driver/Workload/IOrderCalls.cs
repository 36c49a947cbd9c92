using DvdStore.Schema.Engines.Commands;

namespace DvdStore.Driver.Workload;

/// <summary>
/// How an order reaches the store: runs one call on the user's current <see cref="IStoreCommands"/> and
/// times it. The virtual user's implementation retries deadlocks and reconnects lost connections
/// (the retries are inside the timing, reconnect waits are not); a call that still fails throws.
/// </summary>
public interface IOrderCalls
{
    ValueTask<Timed<T>> CallAsync<T>(TransactionKind kind, Func<IStoreCommands, CancellationToken, Task<T>> call, CancellationToken cancellationToken);
}
