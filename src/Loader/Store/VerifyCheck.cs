namespace DvdStore.Loader.Store;

/// <summary>
/// One check of <see cref="StoreVerifier"/>: what was checked, whether it held, and what was found; <see cref="Time"/>
/// is what its statements took (added up over the connections that ran them), null for a check that ran no statement;
/// <see cref="ProvenBy"/> names the server's constraint that proves it, when it was not counted for that reason.
/// </summary>
public sealed record VerifyCheck(string Name, bool Passed, string Detail, TimeSpan? Time = null, string? ProvenBy = null);
