namespace DvdStore.Driver.Workload;

/// <summary>A call of an order failed for good (retries exhausted): the order is abandoned and counted as an error of <see cref="Kind"/>.</summary>
public sealed class OrderFailedException : Exception
{
    public OrderFailedException(TransactionKind kind, string message) : base(message) => Kind = kind;

    public OrderFailedException(TransactionKind kind, string message, Exception inner) : base(message, inner) => Kind = kind;

    public TransactionKind Kind { get; }

    /// <summary>The call changes data and lost its connection: the server may have done the change before the loss.</summary>
    public bool ConnectionLost { get; init; }
}
