namespace DvdStore.Loader.Store;

/// <summary>One check of <see cref="StoreVerifier"/>: what was checked, whether it held, and what was found.</summary>
public sealed record VerifyCheck(string Name, bool Passed, string Detail);
