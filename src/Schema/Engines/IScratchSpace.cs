namespace DvdStore.Schema.Engines;

/// <summary>
/// A throw-away database (or schema, or file) beside the user's own, for `dvdstore check`: made from the user's
/// connection, named so a DBA recognises it (<c>dvdstore_check_…</c>), and dropped when the check ends. Each engine's
/// lives in its folder (<c>Engines/&lt;Engine&gt;/&lt;E&gt;ScratchSpace.cs</c>); get one from <see cref="EngineProfile.NewScratchSpace"/>.
/// </summary>
public interface IScratchSpace
{
    /// <summary>
    /// Makes the scratch store; a <see cref="UserError"/> in one line, naming the right to grant, when the connection's
    /// user may not.
    /// </summary>
    Task<ScratchStore> CreateAsync(string connectionString, CancellationToken cancellationToken);

    /// <summary>Removes what <see cref="CreateAsync"/> made (closing its pooled connections first); a no-op when it is gone.</summary>
    Task DropAsync(ScratchStore scratch, CancellationToken cancellationToken);
}

/// <summary>A scratch store: what it is (e.g. "database dvdstore_check_1a2b3c4d"), how to reach it, and the connection it was made from.</summary>
public sealed record ScratchStore(string Description, string Name, string ConnectionString, string AdminConnectionString)
{
    /// <summary>A fresh name a DBA recognises: dvdstore_check_ and 8 hex digits.</summary>
    public static string NewName() => "dvdstore_check_" + Guid.NewGuid().ToString("N")[..8];
}
