namespace DvdStore.Contract;

/// <summary>How one check went: passed, or the first line of why not; what it noted; how long it took.</summary>
public sealed record ContractResult(string Group, string Name, bool Passed, string? Failure, IReadOnlyList<string> Notes, double Seconds);
