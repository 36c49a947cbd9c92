namespace DvdStore.Driver.Results;

/// <summary>
/// A target's store as the run found it before its users started: the rows earlier runs left above the load baseline
/// (all zero = as loaded), and whether this run reset it first (--reset) or was told to measure it used (--allow-used-store).
/// </summary>
public sealed class StoreAtStart
{
    /// <summary>True when nothing was above the load baseline: the run measured the store as loaded.</summary>
    public bool AsLoaded { get; init; }

    /// <summary>This run reset the store to its as-loaded state before reading it (--reset).</summary>
    public bool ResetByRun { get; init; }

    /// <summary>ORDERS rows above the as-loaded maximum ORDERID.</summary>
    public long Orders { get; init; }

    public long Customers { get; init; }

    public long Reviews { get; init; }

    /// <summary>REVIEWS_HELPFULNESS rows above the as-loaded maximum.</summary>
    public long Ratings { get; init; }

    /// <summary>MEMBERSHIP rows dated by NEW_MEMBER (after every loaded expiry date).</summary>
    public long Memberships { get; init; }

    public long Reorders { get; init; }
}
