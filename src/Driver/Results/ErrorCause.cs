namespace DvdStore.Driver.Results;

/// <summary>One reason orders were abandoned during a run (warm-up included) and how many times it happened.</summary>
public sealed class ErrorCause
{
    /// <summary>The first line of the failure, naming the call, e.g. "Purchase failed: …".</summary>
    public string Cause { get; init; } = "";

    public long Count { get; init; }
}
