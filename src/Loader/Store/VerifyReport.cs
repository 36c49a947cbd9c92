namespace DvdStore.Loader.Store;

/// <summary>Everything <see cref="StoreVerifier"/> checked; the store passes when every check does.</summary>
public sealed record VerifyReport(IReadOnlyList<VerifyCheck> Checks)
{
    public bool Passed => Checks.Count > 0 && Checks.All(c => c.Passed);

    public IEnumerable<VerifyCheck> Failures => Checks.Where(c => !c.Passed);
}
