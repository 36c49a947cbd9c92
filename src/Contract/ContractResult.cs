namespace DvdStore.Contract;

/// <summary>
/// How one check went: passed, or the first line of why not; what it noted; how long it took. A check that does not
/// apply to the engine (DS3 has no driver for it) passes with <see cref="NotApplicable"/> saying why, and is counted
/// and shown apart, so a row that proved nothing never reads as a pass.
/// </summary>
public sealed record ContractResult(string Group, string Name, bool Passed, string? Failure, IReadOnlyList<string> Notes, double Seconds)
{
    /// <summary>Why the check does not apply to this engine; null when it ran.</summary>
    public string? NotApplicable { get; init; }
}
